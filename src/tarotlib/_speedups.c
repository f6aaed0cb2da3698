/* tarotlib._speedups: the compiled card kernel of playouts (optional).
 *
 * TrickPlay.play_cards() (src/tarotlib/deal/play.py) plays card after card on local variables
 * while the legal actions are the legal cards alone. This module runs the plain cards of that
 * loop in C: the same legal cards and the same trick winner, read from the same tables of the
 * trick rules as the Python path (TrickRules.steps and step_list, lead_class and beats: the rules
 * are stated once, in tarotlib/core/tricks.py, and this file only reads them), the same choice (the
 * legal card of rank randrange(n), drawn with the generator's own getrandbits, or a card
 * chooser's card), and the same history, tricks and piles. It stops, handing the loop back to Python, at every card that the Python loop sends
 * through apply() (a card an offer watches; the last card of a trick holding the fool, of a trick
 * while the fool rule has something pending, or of the last trick) and when a trick completes
 * while declarations may be offered. Results are those of the Python loop, card for card: the
 * test suite checks it in every game (tests/test_speedups.py).
 *
 * The module also writes observation tensors for learning agents (Observer, used by
 * tarotlib.ai.tensors.TensorEncoder: the same entries as its Python path, tested in every game)
 * and unpacks the bits of an int into an array (unpack).
 *
 * Card masks have up to 78 bits: two 64-bit words. Hands and piles are packed 80 bits (10 bytes)
 * a seat in one Python int, as in tarotlib.deal.state.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <structmember.h>

#define NCARDS 78
#define SEAT_BYTES 10
#define MAX_SEATS 8
#define TRUMP_CLASS 4
#define FOOL_CLASS 5

typedef struct {
    uint64_t lo, hi;
} m128;

static inline m128 m_and(m128 a, m128 b) { m128 r = {a.lo & b.lo, a.hi & b.hi}; return r; }
static inline m128 m_or(m128 a, m128 b) { m128 r = {a.lo | b.lo, a.hi | b.hi}; return r; }
static inline m128 m_andnot(m128 a, m128 b) { m128 r = {a.lo & ~b.lo, a.hi & ~b.hi}; return r; }
static inline int m_any(m128 a) { return (a.lo | a.hi) != 0; }
static inline int m_has(m128 a, int i) { return i < 64 ? (int)(a.lo >> i & 1) : (int)(a.hi >> (i - 64) & 1); }
static inline m128 m_bit(int i)
{
    m128 r = {0, 0};
    if (i < 64) r.lo = (uint64_t)1 << i; else r.hi = (uint64_t)1 << (i - 64);
    return r;
}

#if (defined(__GNUC__) || defined(__clang__)) && defined(__POPCNT__)
static inline int pop64(uint64_t x) { return __builtin_popcountll(x); }
#else
/* (without the instruction, the compilers' builtin is a library call: a few shifts are faster) */
static inline int pop64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
#endif
#if defined(__GNUC__) || defined(__clang__)
static inline int ctz64(uint64_t x) { return __builtin_ctzll(x); }
#else
static inline int ctz64(uint64_t x) { int n = 0; while (!(x & 1)) { x >>= 1; n++; } return n; }
#endif

static inline int m_count(m128 a) { return pop64(a.lo) + pop64(a.hi); }
/* more than one card in `a` */
static inline int m_many(m128 a) { return (a.lo & (a.lo - 1)) || (a.hi & (a.hi - 1)) || (a.lo && a.hi); }

/* The index of the card of rank `rank` (from the lowest index) among the cards of `a`. */
static int m_select(m128 a, int rank)
{
    int low = pop64(a.lo);
    uint64_t w = a.lo;
    int base = 0;
    if (rank >= low) {
        rank -= low;
        w = a.hi;
        base = 64;
    }
    while (rank--) w &= w - 1;
    return base + ctz64(w);
}

/* The bytes of a non-negative int below 2**(8 * size), little-endian, into buf: an
 * OverflowError (naming `what`) for a negative or a wider int, alike on every Python version. */
static int int_bytes(PyObject *v, unsigned char *buf, size_t size, const char *what)
{
    if (_PyLong_Sign(v) < 0) {
        PyErr_Format(PyExc_OverflowError, "%s is negative", what);
        return -1;
    }
    if ((size_t)_PyLong_NumBits(v) > 8 * size) {
        PyErr_Format(PyExc_OverflowError, "%s is too big", what);
        return -1;
    }
    if (size == 0) return 0;
#if PY_VERSION_HEX >= 0x030D0000
    if (PyLong_AsNativeBytes(v, buf, (Py_ssize_t)size, Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER) < 0)
        return -1;
#else
    if (_PyLong_AsByteArray((PyLongObject *)v, buf, size, 1, 0) < 0) return -1;
#endif
    return 0;
}

/* A Python int (non-negative, below 2**78) as a mask. */
static int m_from_py(PyObject *v, m128 *out)
{
    unsigned char buf[16] = {0};
    if (!PyLong_Check(v)) {
        PyErr_Format(PyExc_TypeError, "a card mask is an int, not %.100s", Py_TYPE(v)->tp_name);
        return -1;
    }
    if (int_bytes(v, buf, 16, "a card mask") < 0) return -1;
    uint64_t lo = 0, hi = 0;
    for (int i = 7; i >= 0; i--) {
        lo = lo << 8 | buf[i];
        hi = hi << 8 | buf[i + 8];
    }
    out->lo = lo;
    out->hi = hi;
    return 0;
}

static PyObject *m_to_py(m128 a)
{
    unsigned char buf[16];
    for (int i = 0; i < 8; i++) {
        buf[i] = (unsigned char)(a.lo >> 8 * i);
        buf[i + 8] = (unsigned char)(a.hi >> 8 * i);
    }
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(buf, 16, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    return _PyLong_FromByteArray(buf, 16, 1, 0);
#endif
}

/* Packed per-seat masks (hands, piles) to and from a Python int. */
static int seats_from_py(PyObject *v, int n, m128 *out)
{
    unsigned char buf[MAX_SEATS * SEAT_BYTES + 6] = {0};
    size_t size = (size_t)n * SEAT_BYTES;
    if (!PyLong_Check(v)) {
        PyErr_Format(PyExc_TypeError, "packed masks are an int, not %.100s", Py_TYPE(v)->tp_name);
        return -1;
    }
    if (int_bytes(v, buf, size, "the packed masks (an int)") < 0) return -1;
    for (int s = 0; s < n; s++) {
        const unsigned char *p = buf + s * SEAT_BYTES;
        uint64_t lo = 0, hi = 0;
        for (int i = 7; i >= 0; i--) lo = lo << 8 | p[i];
        hi = (uint64_t)p[8] | (uint64_t)p[9] << 8;
        out[s].lo = lo;
        out[s].hi = hi;
    }
    return 0;
}

static PyObject *seats_to_py(const m128 *m, int n)
{
    unsigned char buf[MAX_SEATS * SEAT_BYTES];
    for (int s = 0; s < n; s++) {
        unsigned char *p = buf + s * SEAT_BYTES;
        for (int i = 0; i < 8; i++) p[i] = (unsigned char)(m[s].lo >> 8 * i);
        p[8] = (unsigned char)m[s].hi;
        p[9] = (unsigned char)(m[s].hi >> 8);
    }
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(buf, (size_t)n * SEAT_BYTES, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    return _PyLong_FromByteArray(buf, (size_t)n * SEAT_BYTES, 1, 0);
#endif
}

/* -- the kernel: the constants of one PlayContext --------------------------------------------- */

typedef struct {
    m128 condition, result;
} Step;

#define STEP_STATES (6 * 79 * 2)

typedef struct {
    PyObject_HEAD
    signed char lead_class[NCARDS];
    m128 beats[NCARDS];
    Step *steps;                      /* every list of TrickRules.steps, one after the other */
    int *step_start;                  /* list i is steps[step_start[i]] to steps[step_start[i + 1]] */
    int nlists;
    short step_list[STEP_STATES];     /* TrickRules.step_list */
    int n, size, last;
    int nxt[MAX_SEATS];
    int has_mates;
    int mates[MAX_SEATS];
    m128 fool, watch;
    int open_window;
    PyObject *plays;  /* tuple: the Play action of each card index */
    PyObject *seats;  /* tuple: the int of each seat */
} Kernel;

/* TrickRules.legal_mask: the rules' table of steps, read as the Python path reads it (the first
   step whose condition meets the hand gives hand & result; none: the whole hand). */
static m128 legal_mask(const Kernel *k, m128 hand, int led, int win, int partner_winning)
{
    int list = k->step_list[((led + 1) * 79 + win + 1) * 2 + partner_winning];
    for (int j = k->step_start[list]; j < k->step_start[list + 1]; j++)
        if (m_any(m_and(hand, k->steps[j].condition))) return m_and(hand, k->steps[j].result);
    return hand;
}

static int int_items(PyObject *seq, int n, int *out, const char *what)
{
    if (!PyTuple_Check(seq) || PyTuple_GET_SIZE(seq) != n) {
        PyErr_Format(PyExc_ValueError, "%s: a tuple of %d ints", what, n);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        long v = PyLong_AsLong(PyTuple_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) return -1;
        out[i] = (int)v;
    }
    return 0;
}

static int mask_items(PyObject *seq, int n, m128 *out, const char *what)
{
    if (!PyTuple_Check(seq) || PyTuple_GET_SIZE(seq) != n) {
        PyErr_Format(PyExc_ValueError, "%s: a tuple of %d ints", what, n);
        return -1;
    }
    for (int i = 0; i < n; i++)
        if (m_from_py(PyTuple_GET_ITEM(seq, i), &out[i]) < 0) return -1;
    return 0;
}

static void Kernel_dealloc(Kernel *self)
{
    PyMem_Free(self->steps);
    PyMem_Free(self->step_start);
    Py_XDECREF(self->plays);
    Py_XDECREF(self->seats);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* TrickRules.steps (a tuple of tuples of (condition, result) pairs) into the kernel. */
static int steps_from_py(Kernel *self, PyObject *steps)
{
    if (!PyTuple_Check(steps) || PyTuple_GET_SIZE(steps) < 1) {
        PyErr_SetString(PyExc_ValueError, "steps: a tuple of lists of (condition, result) masks");
        return -1;
    }
    Py_ssize_t nlists = PyTuple_GET_SIZE(steps), total = 0;
    for (Py_ssize_t i = 0; i < nlists; i++) {
        PyObject *list = PyTuple_GET_ITEM(steps, i);
        if (!PyTuple_Check(list)) {
            PyErr_SetString(PyExc_ValueError, "steps: a tuple of lists of (condition, result) masks");
            return -1;
        }
        total += PyTuple_GET_SIZE(list);
    }
    self->steps = PyMem_New(Step, total ? total : 1);
    self->step_start = PyMem_New(int, nlists + 1);
    if (self->steps == NULL || self->step_start == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    int at = 0;
    for (Py_ssize_t i = 0; i < nlists; i++) {
        PyObject *list = PyTuple_GET_ITEM(steps, i);
        self->step_start[i] = at;
        for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(list); j++) {
            PyObject *step = PyTuple_GET_ITEM(list, j);
            if (!PyTuple_Check(step) || PyTuple_GET_SIZE(step) != 2) {
                PyErr_SetString(PyExc_ValueError, "steps: each step is a (condition, result) pair");
                return -1;
            }
            if (m_from_py(PyTuple_GET_ITEM(step, 0), &self->steps[at].condition) < 0) return -1;
            if (m_from_py(PyTuple_GET_ITEM(step, 1), &self->steps[at].result) < 0) return -1;
            at++;
        }
    }
    self->step_start[nlists] = at;
    self->nlists = (int)nlists;
    return 0;
}

static PyObject *Kernel_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    static char *names[] = {"lead_class", "beats", "steps", "step_list", "nxt", "size", "last",
                            "mates", "fool", "watch", "open_window", "plays", NULL};
    PyObject *lead_class, *beats, *steps, *step_list, *nxt, *mates, *fool, *watch, *plays;
    int size, last, open_window;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOOOiiOOOpO:Kernel", names, &lead_class, &beats,
                                     &steps, &step_list, &nxt, &size, &last, &mates, &fool, &watch,
                                     &open_window, &plays))
        return NULL;
    Kernel *self = (Kernel *)type->tp_alloc(type, 0);
    if (self == NULL) return NULL;
    int classes[NCARDS];
    if (!PyTuple_Check(nxt) || PyTuple_GET_SIZE(nxt) < 1 || PyTuple_GET_SIZE(nxt) > MAX_SEATS) {
        PyErr_SetString(PyExc_ValueError, "nxt: a tuple of 1 to 8 seats");
        goto fail;
    }
    self->n = (int)PyTuple_GET_SIZE(nxt);
    if (int_items(lead_class, NCARDS, classes, "lead_class") < 0) goto fail;
    for (int i = 0; i < NCARDS; i++) {
        if (classes[i] < -1 || classes[i] >= FOOL_CLASS) {
            PyErr_SetString(PyExc_ValueError, "lead_class: classes from -1 to 4");
            goto fail;
        }
        self->lead_class[i] = (signed char)classes[i];
    }
    if (mask_items(beats, NCARDS, self->beats, "beats") < 0) goto fail;
    if (steps_from_py(self, steps) < 0) goto fail;
    {
        int lists[STEP_STATES];
        if (int_items(step_list, STEP_STATES, lists, "step_list") < 0) goto fail;
        for (int i = 0; i < STEP_STATES; i++) {
            if (lists[i] < 0 || lists[i] >= self->nlists) {
                PyErr_SetString(PyExc_ValueError, "step_list: indices of steps");
                goto fail;
            }
            self->step_list[i] = (short)lists[i];
        }
    }
    if (m_from_py(fool, &self->fool) < 0 || m_from_py(watch, &self->watch) < 0) goto fail;
    if (int_items(nxt, self->n, self->nxt, "nxt") < 0) goto fail;
    self->has_mates = mates != Py_None;
    if (self->has_mates && int_items(mates, self->n, self->mates, "mates") < 0) goto fail;
    if (!PyTuple_Check(plays) || PyTuple_GET_SIZE(plays) != NCARDS) {
        PyErr_SetString(PyExc_ValueError, "plays: a tuple of 78 actions");
        goto fail;
    }
    self->size = size;
    self->last = last;
    self->open_window = open_window;
    Py_INCREF(plays);
    self->plays = plays;
    self->seats = PyTuple_New(self->n);
    if (self->seats == NULL) goto fail;
    for (int s = 0; s < self->n; s++) {
        PyObject *v = PyLong_FromLong(s);
        if (v == NULL) goto fail;
        PyTuple_SET_ITEM(self->seats, s, v);
    }
    return (PyObject *)self;
fail:
    Py_DECREF(self);
    return NULL;
}

enum { DRAW_BITS = 0, DRAW = 1, CHOOSE = 2 };
enum { STOP_GENERAL = 0, STOP_WINDOW = 1, STOP_REFUSED = 2 };

/* The int a getrandbits-like or draw call returned, as a C long (-1 and an error if it is not). */
static long call_long(PyObject *fn, long arg)
{
    PyObject *a = PyLong_FromLong(arg);
    if (a == NULL) return -1;
    PyObject *r = PyObject_CallOneArg(fn, a);
    Py_DECREF(a);
    if (r == NULL) return -1;
    long v = PyLong_AsLong(r);
    Py_DECREF(r);
    return v;
}

static PyObject *trick_tuple(const int *cards, int count)
{
    PyObject *t = PyTuple_New(count);
    if (t == NULL) return NULL;
    for (int i = 0; i < count; i++) {
        PyObject *v = PyLong_FromLong(cards[i]);
        if (v == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, v);
    }
    return t;
}

PyDoc_STRVAR(run_doc,
"run(mode, fn, card_index, h, hands, seat, led, win, ws, trick, lead, tricks, piles, pending)\n"
"\n"
"Play the plain cards of TrickPlay.play_cards() from these trick slots: mode 0 draws each card's\n"
"rank with fn = getrandbits (randrange's algorithm), mode 1 with fn(n), mode 2 asks fn(seat, legal,\n"
"trick) for the card (card_index turns what is not an int into one). Returns (stop, card, legal, h,\n"
"hands, seat, led, win, ws, trick, lead, tricks, piles): stop 0 when `card` (chosen, not played)\n"
"goes through apply(), 1 when a trick is complete and declarations may be offered, 2 when the\n"
"chooser's `card` is not one of the `legal` cards.");

static PyObject *Kernel_run(Kernel *k, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 14) {
        PyErr_SetString(PyExc_TypeError, "run() takes 14 arguments");
        return NULL;
    }
    long mode = PyLong_AsLong(args[0]);
    if (mode == -1 && PyErr_Occurred()) return NULL;
    PyObject *fn = args[1], *card_index = args[2];
    PyObject *h = args[3], *trick_in = args[9], *tricks = args[11];
    long seat = PyLong_AsLong(args[5]), led = PyLong_AsLong(args[6]), win = PyLong_AsLong(args[7]);
    long ws = PyLong_AsLong(args[8]), lead = PyLong_AsLong(args[10]);
    int pending = PyObject_IsTrue(args[13]);
    if (PyErr_Occurred() || pending < 0) return NULL;
    if (!PyTuple_Check(trick_in) || !PyTuple_Check(tricks)) {
        PyErr_SetString(PyExc_TypeError, "trick and tricks are tuples");
        return NULL;
    }
    const int n = k->n, size = k->size;
    if (seat < 0 || seat >= n || PyTuple_GET_SIZE(trick_in) >= size) {
        PyErr_SetString(PyExc_ValueError, "run() needs a seat to act and a trick in progress");
        return NULL;
    }
    if (led < -1 || led >= FOOL_CLASS || win < -1 || win >= NCARDS || (led < 0) != (win < 0)
        || ws < -1 || ws >= n) {
        PyErr_SetString(PyExc_ValueError, "run() needs a trick state (led, win, ws) of the rules");
        return NULL;
    }
    m128 hands[MAX_SEATS], piles[MAX_SEATS];
    if (seats_from_py(args[4], n, hands) < 0 || seats_from_py(args[12], n, piles) < 0) return NULL;
    int trick[MAX_SEATS];
    int count = (int)PyTuple_GET_SIZE(trick_in);
    m128 taken = {0, 0};
    for (int i = 0; i < count; i++) {
        long c = PyLong_AsLong(PyTuple_GET_ITEM(trick_in, i));
        if (c == -1 && PyErr_Occurred()) return NULL;
        if (c < 0 || c >= NCARDS) {
            PyErr_SetString(PyExc_ValueError, "a card of the trick is not a card index");
            return NULL;
        }
        trick[i] = (int)c;
        taken = m_or(taken, m_bit((int)c));
    }
    Py_INCREF(h);
    Py_INCREF(tricks);
    PyObject *trick_obj = trick_in;  /* the trick as a tuple, while it is the one passed in */
    Py_INCREF(trick_obj);
    int played = 0, stop = STOP_GENERAL;
    long ntricks = (long)PyTuple_GET_SIZE(tricks);
    int ending = pending || ntricks + 1 == k->last;
    PyObject *card_obj = NULL;  /* the card returned (refused, or its int) */
    m128 mask;
    for (;;) {
        mask = legal_mask(k, hands[seat], (int)led, (int)win,
                          k->has_mates && ws >= 0 && (k->mates[seat] >> ws & 1));
        int card;
        if (mode == CHOOSE) {
            if (trick_obj == NULL && (trick_obj = trick_tuple(trick, count)) == NULL) goto error;
            PyObject *legal = m_to_py(mask);
            if (legal == NULL) goto error;
            PyObject *cargs[3] = {PyTuple_GET_ITEM(k->seats, seat), legal, trick_obj};
            PyObject *r = PyObject_Vectorcall(fn, cargs, 3, NULL);
            Py_DECREF(legal);
            if (r == NULL) goto error;
            if (!PyLong_CheckExact(r)) {
                PyObject *i = PyObject_CallOneArg(card_index, r);
                Py_DECREF(r);
                if (i == NULL) goto error;
                r = i;
            }
            int overflow;
            long c = PyLong_AsLongAndOverflow(r, &overflow);
            if (c == -1 && PyErr_Occurred()) {
                Py_DECREF(r);
                goto error;
            }
            if (overflow || c < 0 || c >= NCARDS || !m_has(mask, (int)c)) {
                card_obj = r;
                stop = STOP_REFUSED;
                break;
            }
            Py_DECREF(r);
            card = (int)c;
        } else {
            long cnt = m_count(mask);
            long rank;
            if (mode == DRAW_BITS) {  /* random.Random._randbelow_with_getrandbits */
                int bits = 0;
                for (long v = cnt; v; v >>= 1) bits++;
                do {
                    rank = call_long(fn, bits);
                    if (rank == -1 && PyErr_Occurred()) goto error;
                } while (rank >= cnt);
            } else {
                rank = call_long(fn, cnt);
                if (rank == -1 && PyErr_Occurred()) goto error;
            }
            if (rank < 0 || rank >= cnt) {
                PyErr_Format(PyExc_ValueError, "draw(%ld) returned %ld", cnt, rank);
                goto error;
            }
            card = m_select(mask, (int)rank);
        }
        m128 bit = m_bit(card);
        if (m_has(k->watch, card) || (count + 1 == size && (ending || m_any(m_and(m_or(taken, bit), k->fool))))) {
            card_obj = PyLong_FromLong(card);  /* the general path for this card */
            if (card_obj == NULL) goto error;
            stop = STOP_GENERAL;
            break;
        }
        /* Play it: the history, the hand, the trick (TrickRules.follow's tables: BE-8, FT-9.3,
           LO-6.4). */
        PyObject *step = PyTuple_Pack(3, h, PyTuple_GET_ITEM(k->plays, card), PyTuple_GET_ITEM(k->seats, seat));
        if (step == NULL) goto error;
        Py_DECREF(h);
        h = step;
        played = 1;
        hands[seat] = m_andnot(hands[seat], bit);
        taken = m_or(taken, bit);
        if (led < 0) {
            led = k->lead_class[card];
            if (led >= 0) {
                win = card;
                ws = seat;
            }
        } else if (m_has(k->beats[win], card)) {
            win = card;
            ws = seat;
        }
        trick[count++] = card;
        Py_CLEAR(trick_obj);
        if (count < size) {
            seat = k->nxt[seat];
            continue;
        }
        /* A trick is complete (no fool, nothing pending, not the last): to its winner. */
        piles[ws] = m_or(piles[ws], taken);
        PyObject *t = trick_tuple(trick, count);
        if (t == NULL) goto error;
        PyObject *entry = Py_BuildValue("(lNl)", lead, t, ws);
        if (entry == NULL) goto error;
        Py_ssize_t len = PyTuple_GET_SIZE(tricks);
        PyObject *more = PyTuple_New(len + 1);
        if (more == NULL) {
            Py_DECREF(entry);
            goto error;
        }
        for (Py_ssize_t i = 0; i < len; i++) {
            PyObject *item = PyTuple_GET_ITEM(tricks, i);
            Py_INCREF(item);
            PyTuple_SET_ITEM(more, i, item);
        }
        PyTuple_SET_ITEM(more, len, entry);
        Py_DECREF(tricks);
        tricks = more;
        ntricks = len + 1;
        ending = ntricks + 1 == k->last;
        seat = lead = ws;
        led = win = ws = -1;
        count = 0;
        taken.lo = taken.hi = 0;
        if (k->open_window) {
            stop = STOP_WINDOW;
            card_obj = PyLong_FromLong(-1);
            if (card_obj == NULL) goto error;
            break;
        }
    }
    if (trick_obj == NULL && (trick_obj = trick_tuple(trick, count)) == NULL) goto error;
    PyObject *hands_obj, *piles_obj;
    if (played) {
        hands_obj = seats_to_py(hands, n);
        piles_obj = seats_to_py(piles, n);
    } else {
        hands_obj = Py_NewRef(args[4]);
        piles_obj = Py_NewRef(args[12]);
    }
    PyObject *legal = m_to_py(mask);
    if (hands_obj == NULL || piles_obj == NULL || legal == NULL) {
        Py_XDECREF(hands_obj);
        Py_XDECREF(piles_obj);
        Py_XDECREF(legal);
        goto error;
    }
    return Py_BuildValue("(iNNNNllllNlNN)", stop, card_obj, legal, h,
                         hands_obj, seat, led, win, ws, trick_obj, lead, tricks, piles_obj);
error:
    Py_XDECREF(h);
    Py_XDECREF(tricks);
    Py_XDECREF(trick_obj);
    Py_XDECREF(card_obj);
    return NULL;
}

PyDoc_STRVAR(legal_doc,
"legal(hand, led, win, partner_winning)\n"
"\n"
"TrickRules.legal_mask(hand, led, win, partner_winning) as the kernel computes it.");

static PyObject *Kernel_legal(Kernel *k, PyObject *args)
{
    PyObject *hand_obj;
    int led, win, partner_winning;
    if (!PyArg_ParseTuple(args, "Oiip:legal", &hand_obj, &led, &win, &partner_winning)) return NULL;
    if (led < -1 || led > TRUMP_CLASS || win < -1 || win >= NCARDS || (led < 0) != (win < 0)) {
        PyErr_SetString(PyExc_ValueError, "legal() needs a trick state (led, win) of the trick rules");
        return NULL;
    }
    m128 hand;
    if (m_from_py(hand_obj, &hand) < 0) return NULL;
    return m_to_py(legal_mask(k, hand, led, win, partner_winning));
}

static PyMethodDef Kernel_methods[] = {
    {"run", (PyCFunction)(void (*)(void))Kernel_run, METH_FASTCALL, run_doc},
    {"legal", (PyCFunction)Kernel_legal, METH_VARARGS, legal_doc},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(Kernel_doc, "The constants of play of one PlayContext, for run() (see the module).");

static PyTypeObject KernelType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "tarotlib._speedups.Kernel",
    .tp_basicsize = sizeof(Kernel),
    .tp_dealloc = (destructor)Kernel_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = Kernel_doc,
    .tp_methods = Kernel_methods,
    .tp_new = Kernel_new,
};

/* -- Plain: the solver's fast search of plain card play (tarotlib.ai._plain) ----------------------
 *
 * The same search as tarotlib.ai._plain.PlainSearch.search, step for step: the legal cards from
 * the kernel's tables (TrickRules.steps, lead_class, beats: the trick rules stated once), a seat's
 * equal cards merged as the solver's merger does (the orders and roles it gives), the cards tried
 * the table's best first, then a lead by its quick value and a follower's by what it does to the
 * trick, then by their history of cut-offs (ties in index order); at a trick's start, the last
 * trick played out at once, the bounds from the game's final function (called back in Python,
 * each value kept) and the cards that surely win their trick, and a table whose key moves the
 * cards of each run of equal cards to the run's weakest. The one difference: the table has a
 * fixed size and a new entry replaces an old one, where the Python dict keeps every entry; values
 * are the same, node counts may differ (tests/ai/test_ai_solver_plain.py checks both). */

typedef struct {
    uint64_t hash;
    double lo, hi;
    int32_t seat, won, raw;
    int16_t best;
    int16_t left;                /* the tricks left: what its search cost, roughly */
    uint64_t gen;                /* the search that wrote the entry (0: none) */
} PlainHead;

/* One table kept between searches (the last one freed, if the next is of its size): a search
   only reads the entries of its own generation, so the table needs no clearing, and a process
   that solves again and again does not map and zero new memory each time. */
static unsigned char *plain_spare = NULL;
static size_t plain_spare_bytes = 0;
static uint64_t plain_generation = 0;

typedef struct {
    PyObject_HEAD
    Kernel *kernel;
    PyObject *final;
    PyObject *check;
    int n, size;
    int maxing[MAX_SEATS];
    int values[NCARDS];
    int linear;
    double slope;
    int norders;
    m128 order_mask[5];
    signed char order[5][NCARDS];
    int order_len[5];
    long roles[NCARDS];
    m128 mergeable;
    int merge;
    int total, tricks;           /* the most raw points, the tricks of a deal */
    double *finals;              /* [raw][won][last] */
    unsigned char *known;
    size_t tt_mask, stride, tt_bytes;
    unsigned char *tt;
    uint64_t gen;
    long long history[MAX_SEATS][NCARDS];
    m128 beaten_by[NCARDS];      /* beaten_by[c]: the cards c beats as the trick's next card */
    int nruns;                   /* runs of equal cards, for the table's key (plain_canon) */
    signed char run_cards[NCARDS][NCARDS];
    int run_len[NCARDS];
    m128 run_mask[NCARDS];
    m128 run_low[NCARDS][NCARDS + 1];  /* run_low[r][k]: the run's k weakest cards */
    signed char run_of[NCARDS], run_pos[NCARDS];
    long long nodes, limit;      /* past `limit` nodes (if >= 0), check() at every node */
    m128 hands[MAX_SEATS];
} Plain;

/* The Python objects a Plain holds (its check may hold the search that holds the Plain: the
   cycle collector must see through it). */
static int Plain_traverse(Plain *self, visitproc visit, void *arg)
{
    Py_VISIT(self->kernel);
    Py_VISIT(self->final);
    Py_VISIT(self->check);
    return 0;
}

static int Plain_clear(Plain *self)
{
    Py_CLEAR(self->kernel);
    Py_CLEAR(self->final);
    Py_CLEAR(self->check);
    return 0;
}

static void Plain_dealloc(Plain *self)
{
    PyObject_GC_UnTrack(self);
    Plain_clear(self);
    PyMem_Free(self->finals);
    PyMem_Free(self->known);
    if (self->tt != NULL && plain_spare == NULL) {
        plain_spare = self->tt;
        plain_spare_bytes = self->tt_bytes;
    } else {
        PyMem_Free(self->tt);
    }
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Plain_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    static char *names[] = {"kernel", "maxing", "values", "final", "slope", "orders", "roles",
                            "special", "runs", "check", "total", "tricks", "table_bits", NULL};
    PyObject *kernel, *maxing, *values, *final, *slope, *orders, *roles, *special, *runs, *check;
    int total, tricks, table_bits;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!OOOOOOOOOiii:Plain", names, &KernelType,
                                     &kernel, &maxing, &values, &final, &slope, &orders, &roles,
                                     &special, &runs, &check, &total, &tricks, &table_bits))
        return NULL;
    if (total < 0 || total > 100000 || tricks < 1 || tricks > NCARDS || table_bits < 4 ||
        table_bits > 26) {
        PyErr_SetString(PyExc_ValueError, "Plain: total, tricks or table_bits out of range");
        return NULL;
    }
    Plain *self = (Plain *)type->tp_alloc(type, 0);
    if (self == NULL) return NULL;
    Py_INCREF(kernel);
    self->kernel = (Kernel *)kernel;
    Py_INCREF(final);
    self->final = final;
    Py_INCREF(check);
    self->check = check;
    self->n = self->kernel->n;
    self->size = self->kernel->size;
    if (int_items(maxing, self->n, self->maxing, "maxing") < 0) goto fail;
    if (int_items(values, NCARDS, self->values, "values") < 0) goto fail;
    self->linear = slope != Py_None;
    if (self->linear) {
        self->slope = PyFloat_AsDouble(slope);
        if (self->slope == -1.0 && PyErr_Occurred()) goto fail;
    }
    self->merge = orders != Py_None;
    if (self->merge) {
        if (!PyTuple_Check(orders) || PyTuple_GET_SIZE(orders) > 5) {
            PyErr_SetString(PyExc_ValueError, "orders: a tuple of up to 5 (mask, cards) pairs");
            goto fail;
        }
        self->norders = (int)PyTuple_GET_SIZE(orders);
        for (int k = 0; k < self->norders; k++) {
            PyObject *pair = PyTuple_GET_ITEM(orders, k);
            if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2 ||
                !PyTuple_Check(PyTuple_GET_ITEM(pair, 1)) ||
                PyTuple_GET_SIZE(PyTuple_GET_ITEM(pair, 1)) > NCARDS) {
                PyErr_SetString(PyExc_ValueError, "orders: (mask, cards) pairs");
                goto fail;
            }
            if (m_from_py(PyTuple_GET_ITEM(pair, 0), &self->order_mask[k]) < 0) goto fail;
            PyObject *cards = PyTuple_GET_ITEM(pair, 1);
            int len = (int)PyTuple_GET_SIZE(cards), tmp[NCARDS];
            if (int_items(cards, len, tmp, "orders") < 0) goto fail;
            for (int i = 0; i < len; i++) {
                if (tmp[i] < 0 || tmp[i] >= NCARDS) {
                    PyErr_SetString(PyExc_ValueError, "orders: card indices");
                    goto fail;
                }
                self->order[k][i] = (signed char)tmp[i];
            }
            self->order_len[k] = len;
        }
        if (!PyTuple_Check(roles) || PyTuple_GET_SIZE(roles) != NCARDS) {
            PyErr_SetString(PyExc_ValueError, "roles: a tuple of 78 ints");
            goto fail;
        }
        for (int c = 0; c < NCARDS; c++) {
            self->roles[c] = PyLong_AsLong(PyTuple_GET_ITEM(roles, c));
            if (self->roles[c] == -1 && PyErr_Occurred()) goto fail;
        }
        m128 sp;
        if (m_from_py(special, &sp) < 0) goto fail;
        m128 all = {~(uint64_t)0, ((uint64_t)1 << (NCARDS - 64)) - 1};
        self->mergeable = m_andnot(all, sp);
    }
    for (int c = 0; c < NCARDS; c++) {
        m128 b = {0, 0};
        for (int w = 0; w < NCARDS; w++)
            if (m_has(self->kernel->beats[w], c)) b = m_or(b, m_bit(w));
        self->beaten_by[c] = b;
    }
    /* PlainSearch.runs: the runs of equal cards the table's key folds, each a tuple of its cards
       from the weakest (found in Python, tarotlib.ai._plain.runs) */
    self->nruns = 0;
    memset(self->run_of, -1, sizeof self->run_of);
    if (!PyTuple_Check(runs) || PyTuple_GET_SIZE(runs) > NCARDS) {
        PyErr_SetString(PyExc_ValueError, "runs: a tuple of runs, each a tuple of card indices");
        goto fail;
    }
    for (Py_ssize_t r = 0; r < PyTuple_GET_SIZE(runs); r++) {
        PyObject *run = PyTuple_GET_ITEM(runs, r);
        int len = PyTuple_Check(run) ? (int)PyTuple_GET_SIZE(run) : -1, tmp[NCARDS];
        if (len < 2 || len > NCARDS || int_items(run, len, tmp, "runs") < 0) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "runs: each run a tuple of 2 or more cards");
            goto fail;
        }
        m128 m = {0, 0};
        self->run_low[r][0] = m;
        for (int t = 0; t < len; t++) {
            int d = tmp[t];
            if (d < 0 || d >= NCARDS || self->run_of[d] >= 0) {
                PyErr_SetString(PyExc_ValueError, "runs: card indices, each in one run");
                goto fail;
            }
            self->run_cards[r][t] = (signed char)d;
            self->run_of[d] = (signed char)r;
            self->run_pos[d] = (signed char)t;
            m = m_or(m, m_bit(d));
            self->run_low[r][t + 1] = m;
        }
        self->run_len[r] = len;
        self->run_mask[r] = m;
        self->nruns = (int)r + 1;
    }
    self->total = total;
    self->tricks = tricks;
    size_t nf = (size_t)(total + 1) * (size_t)(tricks + 1) * 2;
    self->finals = PyMem_New(double, nf);
    self->known = PyMem_Calloc(nf, 1);
    size_t entries = (size_t)1 << table_bits;
    self->stride = sizeof(PlainHead) + (size_t)self->n * sizeof(m128);
    self->stride = (self->stride + 7) & ~(size_t)7;
    self->tt_bytes = entries * self->stride;
    if (plain_spare != NULL && plain_spare_bytes == self->tt_bytes) {
        self->tt = plain_spare;
        plain_spare = NULL;
    } else {
        self->tt = PyMem_Calloc(entries, self->stride);
    }
    self->gen = ++plain_generation;
    self->tt_mask = entries - 1;
    if (self->finals == NULL || self->known == NULL || self->tt == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    return (PyObject *)self;
fail:
    Py_DECREF(self);
    return NULL;
}

/* final(raw, won, last), kept once asked (-1 with an error if the callback failed); with a
   linear model, final(0, won, last) + slope * raw (PointModel.slope). */
static int plain_final(Plain *p, int raw, int won, int last, double *out)
{
    if (raw < 0 || raw > p->total || won < 0 || won > p->tricks) {
        PyErr_SetString(PyExc_ValueError, "Plain: a raw count or a number of tricks out of range");
        return -1;
    }
    int at = p->linear ? 0 : raw;
    size_t i = ((size_t)at * (size_t)(p->tricks + 1) + (size_t)won) * 2 + (size_t)(last != 0);
    if (!p->known[i]) {
        PyObject *r = PyObject_CallFunction(p->final, "iiO", at, won, last ? Py_True : Py_False);
        if (r == NULL) return -1;
        double v = PyFloat_AsDouble(r);
        Py_DECREF(r);
        if (v == -1.0 && PyErr_Occurred()) return -1;
        p->finals[i] = v;
        p->known[i] = 1;
    }
    *out = p->linear ? p->finals[i] + p->slope * raw : p->finals[i];
    return 0;
}

/* PlainSearch._bounds: the least final(low, w, last) and the most final(high, w, last) for
   w from `least` to `most` tricks */
static int plain_bounds(Plain *p, int low, int high, int least, int most, double *lo, double *hi)
{
    double mn = 0, mx = 0, v;
    int first = 1;
    for (int w = least; w <= most; w++)
        for (int last = 0; last < 2; last++) {
            if (plain_final(p, low, w, last, &v) < 0) return -1;
            if (first || v < mn) mn = v;
            if (plain_final(p, high, w, last, &v) < 0) return -1;
            if (first || v > mx) mx = v;
            first = 0;
        }
    *lo = mn;
    *hi = mx;
    return 0;
}

static m128 plain_merge(const Plain *p, m128 mask, m128 live)
{
    m128 out = mask, plain = m_and(mask, p->mergeable);
    for (int k = 0; k < p->norders; k++) {
        m128 cm = m_and(plain, p->order_mask[k]);
        if (m_count(cm) < 2) continue;
        m128 lc = m_and(live, p->order_mask[k]);
        int have = 0;
        long prev = 0;
        for (int i = 0; i < p->order_len[k]; i++) {
            int c = p->order[k][i];
            if (!m_has(lc, c)) continue;
            if (m_has(cm, c)) {
                long r = p->roles[c];
                if (have && r == prev) {
                    m128 b = m_bit(c);
                    out.lo ^= b.lo;
                    out.hi ^= b.hi;
                } else {
                    prev = r;
                    have = 1;
                }
            } else {
                have = 0;
            }
        }
    }
    return out;
}

/* PlainSearch.sure: of the cards `own`, the largest set S that wins every trick it is in: each
   card of S beats every card of `live` outside S and none of those beats it. */
static m128 plain_sure(const Plain *p, m128 own, m128 live)
{
    /* from the cards that beat every card of the other side (the set is among them) */
    m128 theirs = m_andnot(live, own), s = {0, 0};
    for (int half = 0; half < 2; half++)
        for (uint64_t w = half ? own.hi : own.lo; w; w &= w - 1) {
            int c = 64 * half + ctz64(w);
            if (!m_any(m_andnot(theirs, p->beaten_by[c])) &&
                !m_any(m_and(p->kernel->beats[c], theirs))) {
                if (half)
                    s.hi |= (uint64_t)1 << (c - 64);
                else
                    s.lo |= (uint64_t)1 << c;
            }
        }
    while (m_any(s)) {
        m128 rest = m_andnot(live, s), next = s;
        for (int half = 0; half < 2; half++)
            for (uint64_t w = half ? s.hi : s.lo; w; w &= w - 1) {
                int c = 64 * half + ctz64(w);
                if (m_any(m_andnot(rest, p->beaten_by[c])) ||
                    m_any(m_and(p->kernel->beats[c], rest))) {
                    if (half)
                        next.hi &= ~((uint64_t)1 << (c - 64));
                    else
                        next.lo &= ~((uint64_t)1 << c);
                }
            }
        if (next.lo == s.lo && next.hi == s.hi) break;
        s = next;
    }
    return s;
}

/* The points of `sure` and the most of its cards one seat of `side` holds (tricks it surely
   wins: each card wins its trick, and one seat's cards fall in different tricks). */
static int plain_sure_count(const Plain *p, m128 sure, int side, int *tricks)
{
    int v = 0, most = 0;
    *tricks = 0;
    if (!m_any(sure)) return 0;
    for (uint64_t w = sure.lo; w; w &= w - 1) v += p->values[ctz64(w)];
    for (uint64_t w = sure.hi; w; w &= w - 1) v += p->values[64 + ctz64(w)];
    for (int s = 0; s < p->n; s++)
        if (p->maxing[s] == side) {
            int k = m_count(m_and(sure, p->hands[s]));
            if (k > most) most = k;
        }
    *tricks = most;
    return v;
}

/* PlainSearch.canon: `h`, the hands with the cards in play of each run of equal cards
   moved to the run's weakest (`all`: the cards in the hands). */
static void plain_canon(const Plain *p, m128 all, m128 *h)
{
    int n = p->n;
    memcpy(h, p->hands, (size_t)n * sizeof(m128));
    for (int r = 0; r < p->nruns; r++) {
        m128 live = m_and(p->run_mask[r], all);
        m128 low = p->run_low[r][m_count(live)];
        if (live.lo == low.lo && live.hi == low.hi) continue;
        int owners[NCARDS], k = 0;
        for (int i = 0; i < p->run_len[r]; i++) {
            int c = p->run_cards[r][i];
            if (!m_has(live, c)) continue;
            int seat = 0;
            while (!m_has(h[seat], c)) seat++;
            owners[k++] = seat;
        }
        for (int seat = 0; seat < n; seat++) h[seat] = m_andnot(h[seat], live);
        for (int j = 0; j < k; j++) h[owners[j]] = m_or(h[owners[j]], m_bit(p->run_cards[r][j]));
    }
}

/* PlainSearch.relabel: the card `c` of the hands as plain_canon moves it (to = 1), or the card
   of the hands that plain_canon moves to `c` (to = 0; -1 if none). */
static int plain_relabel(const Plain *p, int c, m128 all, int to)
{
    if (c < 0 || p->run_of[c] < 0) return c;
    int r = p->run_of[c], j = 0;
    for (int i = 0; i < p->run_len[r]; i++) {
        int d = p->run_cards[r][i];
        if (to && d == c) return p->run_cards[r][j];
        if (m_has(all, d)) {
            if (!to && j == p->run_pos[c]) return d;
            j++;
        }
    }
    return to ? c : -1;
}

/* PlainSearch.greedy: a follower's first card in the search's order, its history aside */
static int plain_greedy(const Plain *p, int seat, int led, int win, int ws)
{
    m128 hand = p->hands[seat];
    int partner = p->kernel->has_mates && ws >= 0 && (p->kernel->mates[seat] >> ws & 1);
    m128 mask = legal_mask(p->kernel, hand, led, win, partner);
    int own = p->maxing[ws] == p->maxing[seat];
    long long best = -1;
    int card = -1;
    for (int half = 0; half < 2; half++)
        for (uint64_t w = half ? mask.hi : mask.lo; w; w &= w - 1) {
            int c = 64 * half + ctz64(w);
            long long wins = m_has(p->kernel->beats[win], c);
            long long v = p->values[c] < 255 ? p->values[c] : 255;
            long long k = own ? ((1 - wins) << 40 | v << 24) : (wins << 40 | (255 - v) << 24);
            if (k > best) {
                best = k;
                card = c;
            }
        }
    return card;
}

/* PlainSearch.quick: a lead's quick value, the trick played out with each follower's greedy
   card: its points, won (+) or lost (-) by the leader's side */
static int plain_quick(const Plain *p, int seat, int card)
{
    int led = p->kernel->lead_class[card], win = card, ws = seat, value = p->values[card];
    int s = seat;
    for (int k = 1; k < p->size; k++) {
        s = p->kernel->nxt[s];
        int c = plain_greedy(p, s, led, win, ws);
        if (c < 0) break;  /* (an empty hand: never in a deal's play) */
        if (m_has(p->kernel->beats[win], c)) {
            win = c;
            ws = s;
        }
        value += p->values[c];
    }
    return p->maxing[ws] == p->maxing[seat] ? value : -value;
}

/* Whether the table's entry `e` is the one of this key. */
static inline int plain_match(const Plain *p, const PlainHead *e, uint64_t hash, int seat, int won,
                              int key_raw, const m128 *key)
{
    if (e->gen != p->gen || e->hash != hash || e->seat != seat || e->won != won ||
        e->raw != key_raw)
        return 0;
    const m128 *eh = (const m128 *)(e + 1);
    for (int s = 0; s < p->n; s++)
        if (eh[s].lo != key[s].lo || eh[s].hi != key[s].hi) return 0;
    return 1;
}

static inline uint64_t mix64(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

#define PLAIN_ERROR (-1e308)
#define QUICK_CAP ((1LL << 20) - 1)

/* The search; PLAIN_ERROR (with an exception set) on an error. */
static double plain_search(Plain *p, int seat, int led, int win, int ws, int count, m128 taken,
                           int in_trick, int raw, int won, int left, int rem, double alpha,
                           double beta)
{
    p->nodes++;
    /* (the check is a call back into Python: rare, it would cost the search its caches) */
    if (p->check != Py_None && ((p->nodes & 65535) == 0 || (p->limit >= 0 && p->nodes > p->limit))) {
        PyObject *r = PyObject_CallNoArgs(p->check);
        if (r == NULL) return PLAIN_ERROR;
        Py_DECREF(r);
    }
    m128 *hands = p->hands;
    int n = p->n;
    PlainHead *entry = NULL, *bucket = NULL;
    uint64_t hash = 0;
    int key_raw = -1, best_card = -1;
    double lo = -INFINITY, hi = INFINITY, base = 0.0;
    m128 all = {0, 0}, mine = {0, 0}, key[MAX_SEATS];
    if (count == 0) {
        int single = 1;
        for (int s = 0; s < n; s++) {
            all = m_or(all, hands[s]);
            if (p->maxing[s]) mine = m_or(mine, hands[s]);
            single &= m_any(hands[s]) && !m_many(hands[s]);
        }
        if (left == 1 && single) {
            /* the last trick: every card is forced */
            int s = seat, lwin = -1, lws = -1, value = 0;
            for (int k = 0; k < p->size; k++) {
                int card = hands[s].lo ? ctz64(hands[s].lo) : 64 + ctz64(hands[s].hi);
                if (k == 0 || m_has(p->kernel->beats[lwin], card)) {
                    lwin = card;
                    lws = s;
                }
                value += p->values[card];
                s = p->kernel->nxt[s];
            }
            int ours = p->maxing[lws];
            double v;
            if (plain_final(p, ours ? raw + value : raw, ours ? won + 1 : won, ours, &v) < 0)
                return PLAIN_ERROR;
            return v;
        }
        if (p->linear)
            base = p->slope * raw;
        else
            key_raw = raw;
        hash = mix64((uint64_t)seat * 0x9E3779B97F4A7C15ULL ^ (uint64_t)won << 8 ^
                     (uint64_t)(uint32_t)key_raw << 20);
        plain_canon(p, all, key);
        for (int s = 0; s < n; s++) hash = mix64(hash ^ key[s].lo) ^ mix64(key[s].hi + (uint64_t)s);
        /* a bucket of two entries: the first kept for the costlier searches (the more tricks
           left), the second for the latest */
        bucket = (PlainHead *)(p->tt + (hash & p->tt_mask & ~(size_t)1) * p->stride);
#if defined(__GNUC__) || defined(__clang__)
        __builtin_prefetch(bucket);  /* (read once the bounds below are known) */
        __builtin_prefetch((unsigned char *)bucket + p->stride);
#endif
        int sure_ours, sure_theirs, tricks_ours, tricks_theirs;
        /* (one side at most has such cards: each would have to beat the other's) */
        m128 sure = plain_sure(p, mine, all);
        sure_ours = plain_sure_count(p, sure, 1, &tricks_ours);
        sure_theirs = tricks_theirs = 0;
        if (!m_any(sure))
            sure_theirs = plain_sure_count(p, plain_sure(p, m_andnot(all, mine), all), 0,
                                           &tricks_theirs);
        if (plain_bounds(p, raw + sure_ours, raw + rem - sure_theirs, won + tricks_ours,
                         won + left - tricks_theirs, &lo, &hi) < 0)
            return PLAIN_ERROR;
        if (lo >= beta) return lo;
        if (hi <= alpha) return hi;
        PlainHead *second = (PlainHead *)((unsigned char *)bucket + p->stride);
        if (plain_match(p, bucket, hash, seat, won, key_raw, key))
            entry = bucket;
        else if (plain_match(p, second, hash, seat, won, key_raw, key))
            entry = second;
        if (entry != NULL) {
            best_card = plain_relabel(p, entry->best, all, 0);
            if (entry->lo + base > lo) lo = entry->lo + base;
            if (entry->hi + base < hi) hi = entry->hi + base;
            if (lo >= beta) return lo;
            if (hi <= alpha) return hi;
        }
        if (lo > alpha) alpha = lo;
        if (hi < beta) beta = hi;
    }
    m128 hand = hands[seat];
    int partner = p->kernel->has_mates && ws >= 0 && (p->kernel->mates[seat] >> ws & 1);
    m128 mask = legal_mask(p->kernel, hand, led, win, partner);
    if (p->merge && m_many(mask)) {
        m128 live = taken;
        for (int s = 0; s < n; s++) live = m_or(live, hands[s]);
        mask = plain_merge(p, mask, live);
    }
    int cards[NCARDS], ncards = 0;
    for (uint64_t w = mask.lo; w; w &= w - 1) cards[ncards++] = ctz64(w);
    for (uint64_t w = mask.hi; w; w &= w - 1) cards[ncards++] = 64 + ctz64(w);
    if (ncards > 1) {
        /* PlainSearch._order: a lead by its quick value (capped at 2**20), then by history; a
           follower's cards, while its side holds the trick, those not taking it over, the most
           points first; otherwise those taking it, the fewest points first, then the others,
           the fewest points first; then by history (capped at 2**24); a stable sort, the
           highest key first. */
        const long long *history = p->history[seat];
        long long key[NCARDS];
        int own = led >= 0 && p->maxing[ws] == p->maxing[seat];
        for (int i = 0; i < ncards; i++) {
            int c = cards[i];
            long long h = history[c] < 0xFFFFFF ? history[c] : 0xFFFFFF;
            if (led < 0) {
                long long q = plain_quick(p, seat, c);
                q = q < -QUICK_CAP ? -QUICK_CAP : q > QUICK_CAP ? QUICK_CAP : q;
                key[i] = (q + QUICK_CAP) << 24 | h;
            } else {
                long long wins = m_has(p->kernel->beats[win], c);
                long long v = p->values[c] < 255 ? p->values[c] : 255;
                key[i] = own ? ((1 - wins) << 40 | v << 24 | h) : (wins << 40 | (255 - v) << 24 | h);
            }
        }
        for (int i = 1; i < ncards; i++) {
            int c = cards[i], j = i;
            long long k = key[i];
            while (j > 0 && key[j - 1] < k) {
                cards[j] = cards[j - 1];
                key[j] = key[j - 1];
                j--;
            }
            cards[j] = c;
            key[j] = k;
        }
        if (best_card >= 0) {
            for (int i = 0; i < ncards; i++)
                if (cards[i] == best_card) {
                    for (int j = i; j > 0; j--) cards[j] = cards[j - 1];
                    cards[0] = best_card;
                    break;
                }
        }
    }
    int maxing = p->maxing[seat];
    double g = maxing ? -INFINITY : INFINITY, a = alpha, b = beta;
    int best = cards[0];
    for (int i = 0; i < ncards; i++) {
        int card = cards[i];
        m128 bit = m_bit(card);
        hands[seat] = m_andnot(hand, bit);
        int nled, nwin, nws;
        if (led < 0) {
            nled = p->kernel->lead_class[card];
            nwin = card;
            nws = seat;
        } else if (m_has(p->kernel->beats[win], card)) {
            nled = led;
            nwin = card;
            nws = seat;
        } else {
            nled = led;
            nwin = win;
            nws = ws;
        }
        int value = in_trick + p->values[card];
        double v;
        if (count + 1 == p->size) {
            int mine = p->maxing[nws];
            int nraw = mine ? raw + value : raw, nwon = mine ? won + 1 : won;
            if (left == 1) {
                if (plain_final(p, nraw, nwon, mine, &v) < 0) v = PLAIN_ERROR;
            } else {
                m128 none = {0, 0};
                v = plain_search(p, nws, -1, -1, -1, 0, none, 0, nraw, nwon, left - 1, rem - value,
                                 a, b);
            }
        } else {
            v = plain_search(p, p->kernel->nxt[seat], nled, nwin, nws, count + 1, m_or(taken, bit),
                             value, raw, won, left, rem, a, b);
        }
        if (v == PLAIN_ERROR) {
            hands[seat] = hand;
            return PLAIN_ERROR;
        }
        if (maxing) {
            if (v > g) {
                g = v;
                best = card;
                if (g >= b) break;
                if (g > a) a = g;
            }
        } else if (v < g) {
            g = v;
            best = card;
            if (g <= a) break;
            if (g < b) b = g;
        }
    }
    hands[seat] = hand;
    /* the history of cut-offs: a cut-off with more tricks left counts more (left cubed) */
    if (maxing ? g >= beta : g <= alpha) p->history[seat][best] += (long long)left * left * left;
    if (bucket != NULL) {
        if (entry == NULL) {  /* a new entry: the first if it costs as much, else the second */
            PlainHead *second = (PlainHead *)((unsigned char *)bucket + p->stride);
            if (bucket->gen != p->gen || bucket->left <= left) {
                if (bucket->gen == p->gen) memcpy(second, bucket, p->stride);
                entry = bucket;
            } else {
                entry = second;
            }
        }
        if (g <= alpha)
            hi = g;
        else if (g >= beta)
            lo = g;
        else
            lo = hi = g;
        entry->hash = hash;
        entry->lo = lo - base;
        entry->hi = hi - base;
        entry->seat = seat;
        entry->won = won;
        entry->raw = key_raw;
        entry->best = (int16_t)plain_relabel(p, best, all, 1);
        entry->gen = p->gen;
        entry->left = (int16_t)left;
        memcpy(entry + 1, key, (size_t)n * sizeof(m128));
    }
    return g;
}

PyDoc_STRVAR(plain_search_doc,
"search(hands, seat, led, win, ws, count, taken, in_trick, raw, won, left, rem, alpha, beta, limit)\n"
"\n"
"PlainSearch.search (tarotlib.ai._plain) from these arguments, `hands` a tuple of masks by seat;\n"
"past `limit` nodes in all (if not -1) the check is called at every node.");

static PyObject *Plain_search(Plain *p, PyObject *args)
{
    PyObject *hands, *taken_obj;
    int seat, led, win, ws, count, in_trick, raw, won, left, rem;
    double alpha, beta;
    long long limit;
    if (!PyArg_ParseTuple(args, "OiiiiiOiiiiiddL:search", &hands, &seat, &led, &win, &ws, &count,
                          &taken_obj, &in_trick, &raw, &won, &left, &rem, &alpha, &beta, &limit))
        return NULL;
    p->limit = limit;
    if (mask_items(hands, p->n, p->hands, "hands") < 0) return NULL;
    m128 taken;
    if (m_from_py(taken_obj, &taken) < 0) return NULL;
    if (seat < 0 || seat >= p->n || left < 1 || count < 0 || count >= p->size ||
        led < -1 || led > TRUMP_CLASS || win < -1 || win >= NCARDS || ws < -1 || ws >= p->n) {
        PyErr_SetString(PyExc_ValueError, "search(): not a position of this play");
        return NULL;
    }
    double v = plain_search(p, seat, led, win, ws, count, taken, in_trick, raw, won, left, rem,
                            alpha, beta);
    if (v == PLAIN_ERROR) return NULL;
    return PyFloat_FromDouble(v);
}

static PyObject *Plain_nodes(Plain *p, void *closure)
{
    return PyLong_FromLongLong(p->nodes);
}

static PyGetSetDef Plain_getset[] = {
    {"nodes", (getter)Plain_nodes, NULL, "The positions searched so far.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef Plain_methods[] = {
    {"search", (PyCFunction)Plain_search, METH_VARARGS, plain_search_doc},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(Plain_doc, "The compiled search of plain card play of one solve (see the module).");

static PyTypeObject PlainType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "tarotlib._speedups.Plain",
    .tp_basicsize = sizeof(Plain),
    .tp_dealloc = (destructor)Plain_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_traverse = (traverseproc)Plain_traverse,
    .tp_clear = (inquiry)Plain_clear,
    .tp_doc = Plain_doc,
    .tp_methods = Plain_methods,
    .tp_getset = Plain_getset,
    .tp_new = Plain_new,
};

/* -- unpack: the bits of an int into a float32 or int8 array (tarotlib.ai.tensors) ------------ */

PyDoc_STRVAR(unpack_doc,
"unpack(bits, nbits, gather, out)\n"
"\n"
"Write the bits of the int `bits` (below 2**nbits) into `out`, a writable, contiguous array of\n"
"float32 or int8: out[i] = bit i of bits, or with `gather` (a contiguous array of int32 as long\n"
"as `out`, or None) out[i] = bit gather[i] (0 where gather[i] is negative).");

static float float_bits[256][8];          /* the 8 entries of each byte, as floats */
static unsigned char byte_bits[256][8];   /* and as bytes */

static void init_tables(void)
{
    for (int v = 0; v < 256; v++)
        for (int j = 0; j < 8; j++) {
            float_bits[v][j] = (float)(v >> j & 1);
            byte_bits[v][j] = (unsigned char)(v >> j & 1);
        }
}

static PyObject *speedups_unpack(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "unpack() takes 4 arguments");
        return NULL;
    }
    PyObject *bits = args[0], *gather_obj = args[2], *out_obj = args[3];
    if (!PyLong_Check(bits)) {
        PyErr_SetString(PyExc_TypeError, "unpack(): bits is an int");
        return NULL;
    }
    Py_ssize_t nbits = PyLong_AsSsize_t(args[1]);
    if (nbits == -1 && PyErr_Occurred()) return NULL;
    if (nbits < 0 || nbits > (1 << 24)) {
        PyErr_SetString(PyExc_ValueError, "unpack(): nbits out of range");
        return NULL;
    }
    Py_buffer out, gather;
    if (PyObject_GetBuffer(out_obj, &out, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) return NULL;
    int is_float = out.itemsize == 4 && out.format != NULL && strcmp(out.format, "f") == 0;
    int is_byte = out.itemsize == 1 && out.format != NULL
                  && (strcmp(out.format, "b") == 0 || strcmp(out.format, "B") == 0 || strcmp(out.format, "?") == 0);
    if (!is_float && !is_byte) {
        PyBuffer_Release(&out);
        PyErr_SetString(PyExc_TypeError, "unpack(): out is an array of float32 or int8");
        return NULL;
    }
    Py_ssize_t n = out.len / out.itemsize;
    const int32_t *index = NULL;
    int have_gather = gather_obj != Py_None;
    if (have_gather) {
        if (PyObject_GetBuffer(gather_obj, &gather, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) {
            PyBuffer_Release(&out);
            return NULL;
        }
        if (gather.itemsize != 4 || gather.format == NULL || (strcmp(gather.format, "i") != 0 && strcmp(gather.format, "=i") != 0 && strcmp(gather.format, "<i") != 0)
            || gather.len / 4 != n) {
            PyBuffer_Release(&gather);
            PyBuffer_Release(&out);
            PyErr_SetString(PyExc_ValueError, "unpack(): gather is an int32 array as long as out");
            return NULL;
        }
        index = (const int32_t *)gather.buf;
    } else if (n > nbits) {
        PyBuffer_Release(&out);
        PyErr_SetString(PyExc_ValueError, "unpack(): out is longer than nbits");
        return NULL;
    }
    size_t nbytes = ((size_t)nbits + 7) / 8;
    unsigned char stack[1024];
    unsigned char *raw = nbytes <= sizeof stack ? stack : PyMem_Malloc(nbytes ? nbytes : 1);
    PyObject *result = NULL;
    if (raw == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (int_bytes(bits, raw, nbytes, "unpack(): bits") < 0) goto done;
    if ((size_t)_PyLong_NumBits(bits) > (size_t)nbits) {
        PyErr_SetString(PyExc_OverflowError, "unpack(): bits has more than nbits bits");
        goto done;
    }
    if (!have_gather) {  /* a byte at a time, from tables of each byte's 8 entries */
        Py_ssize_t whole = n / 8, i;
        if (is_float) {
            float *o = (float *)out.buf;
            for (i = 0; i < whole; i++) memcpy(o + 8 * i, float_bits[raw[i]], sizeof float_bits[0]);
            for (i = 8 * whole; i < n; i++) o[i] = (float)(raw[i >> 3] >> (i & 7) & 1);
        } else {
            unsigned char *o = (unsigned char *)out.buf;
            for (i = 0; i < whole; i++) memcpy(o + 8 * i, byte_bits[raw[i]], sizeof byte_bits[0]);
            for (i = 8 * whole; i < n; i++) o[i] = (unsigned char)(raw[i >> 3] >> (i & 7) & 1);
        }
    } else {  /* every bit as a byte (8 at a time), then the gathered ones */
        unsigned char one[8192];
        size_t span = 8 * nbytes;
        unsigned char *each = span <= sizeof one ? one : PyMem_Malloc(span ? span : 1);
        if (each == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        for (size_t i = 0; i < nbytes; i++) memcpy(each + 8 * i, byte_bits[raw[i]], 8);
        if (is_float) {
            float *o = (float *)out.buf;
            for (Py_ssize_t i = 0; i < n; i++) {
                int32_t b = index[i];
                o[i] = (b >= 0 && b < nbits) ? (float)each[b] : 0.0f;
            }
        } else {
            unsigned char *o = (unsigned char *)out.buf;
            for (Py_ssize_t i = 0; i < n; i++) {
                int32_t b = index[i];
                o[i] = (b >= 0 && b < nbits) ? each[b] : 0;
            }
        }
        if (each != one) PyMem_Free(each);
    }
    result = Py_NewRef(Py_None);
done:
    if (raw != NULL && raw != stack) PyMem_Free(raw);
    if (have_gather) PyBuffer_Release(&gather);
    PyBuffer_Release(&out);
    return result;
}

/* -- Observer: an observation tensor written straight from a state's parts (tarotlib.ai.tensors) */

#define MAX_ACTION_BYTES 2048

typedef struct {
    PyObject_HEAD
    int n, cards, slots, size;
    int o_phase, o_to, o_dealer, o_declarer, o_called, o_hand, o_seen, o_trick, o_played, o_actions,
        o_chosen;
    signed char pos[NCARDS];  /* each card's index in the pack's order, -1 out of the pack */
} Observer;

static PyObject *Observer_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    static char *names[] = {"pos", "players", "cards", "slots", "size", "offsets", NULL};
    PyObject *pos, *offsets;
    int n, cards, slots, size;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OiiiiO:Observer", names, &pos, &n, &cards, &slots,
                                     &size, &offsets))
        return NULL;
    if (n < 1 || n > MAX_SEATS || cards < 1 || cards > NCARDS || slots < 0 || size < 0
        || (size_t)n * (size_t)slots > 8 * MAX_ACTION_BYTES) {
        PyErr_SetString(PyExc_ValueError, "Observer: 1 to 8 players, 1 to 78 cards, at most 16384 seat slots");
        return NULL;
    }
    Observer *self = (Observer *)type->tp_alloc(type, 0);
    if (self == NULL) return NULL;
    int at[NCARDS], o[11];
    if (int_items(pos, NCARDS, at, "pos") < 0 || int_items(offsets, 11, o, "offsets") < 0) goto fail;
    for (int i = 0; i < NCARDS; i++) {
        if (at[i] < -1 || at[i] >= cards) {
            PyErr_SetString(PyExc_ValueError, "pos: indexes from -1 to cards - 1");
            goto fail;
        }
        self->pos[i] = (signed char)at[i];
    }
    /* Every section must lie in the tensor: phase (no bound here: checked per call), the seat
     * sections, the card sections and their rows, the action rows, the choice. */
    int ends[10] = {o[1] + n, o[2] + n, o[3] + n, o[4] + cards, o[5] + cards, o[6] + cards,
                    o[7] + n * cards, o[8] + n * cards, o[9] + n * slots, o[10] + slots + cards};
    for (int i = 0; i < 11; i++)
        if (o[i] < 0 || (i > 0 && ends[i - 1] > size)) {
            PyErr_SetString(PyExc_ValueError, "offsets: every section inside the tensor");
            goto fail;
        }
    self->n = n;
    self->cards = cards;
    self->slots = slots;
    self->size = size;
    self->o_phase = o[0];
    self->o_to = o[1];
    self->o_dealer = o[2];
    self->o_declarer = o[3];
    self->o_called = o[4];
    self->o_hand = o[5];
    self->o_seen = o[6];
    self->o_trick = o[7];
    self->o_played = o[8];
    self->o_actions = o[9];
    self->o_chosen = o[10];
    return (PyObject *)self;
fail:
    Py_DECREF(self);
    return NULL;
}

/* A seat argument: an int from 0 to n - 1 (or -1 where `none` allows it). */
static int seat_arg(PyObject *v, int n, int none, const char *what, int *out)
{
    long s = PyLong_AsLong(v);
    if (s == -1 && PyErr_Occurred()) return -1;
    if (s < (none ? -1 : 0) || s >= n) {
        PyErr_Format(PyExc_ValueError, "fill(): %s is a seat from %d to %d, not %ld", what, none ? -1 : 0, n - 1, s);
        return -1;
    }
    *out = (int)s;
    return 0;
}

/* The cards of one trick into their rows (seat order from `leader`, the sitter skipped): row
 * (seat - observer) mod n of the section at `base`; each card also taken out of `seen`. */
static int trick_rows(const Observer *o, float *out, int base, PyObject *cards, int leader, int sitter,
                      int seat)
{
    if (!PyTuple_Check(cards) || PyTuple_GET_SIZE(cards) > o->n) {
        PyErr_SetString(PyExc_ValueError, "fill(): a trick is a tuple of at most one card a seat");
        return -1;
    }
    int n = o->n, s = leader;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(cards); i++) {
        long c = PyLong_AsLong(PyTuple_GET_ITEM(cards, i));
        if (c == -1 && PyErr_Occurred()) return -1;
        if (c < 0 || c >= NCARDS || o->pos[c] < 0) {
            PyErr_Format(PyExc_ValueError, "fill(): card %ld is not in the pack", c);
            return -1;
        }
        int p = o->pos[c];
        out[base + ((s - seat + n) % n) * o->cards + p] = 1.0f;
        out[o->o_seen + p] = 0.0f;
        s = (s + 1) % n;
        if (s == sitter) s = (s + 1) % n;
    }
    return 0;
}

static void mask_entries(const Observer *o, float *out, int base, m128 m)
{
    while (m_any(m)) {
        int c;
        if (m.lo) {
            c = ctz64(m.lo);
            m.lo &= m.lo - 1;
        } else {
            c = 64 + ctz64(m.hi);
            m.hi &= m.hi - 1;
        }
        if (c < NCARDS && o->pos[c] >= 0) out[base + o->pos[c]] = 1.0f;
    }
}

PyDoc_STRVAR(fill_doc,
"fill(out, seat, phase, to_act, dealer, declarer, called, sitter, hand, visible, tricks, lead,\n"
"     trick, actions, chosen_slot, chosen_cards)\n"
"\n"
"Write the observation of `seat` into `out` (a writable, contiguous float32 array of the\n"
"tensor's size) as TensorEncoder lays it out, every section but `told`: seats relative to\n"
"`seat` (-1: none), `hand` and `visible` card masks (`seen`: the visible cards neither in the\n"
"hand nor played), the completed `tricks` ((leader, cards, winner) tuples) and the `trick` in\n"
"progress led by `lead`, the `actions` (n rows of the slots, one per absolute seat, as one int),\n"
"and the declaration being chosen (slot -1: none; its cards as a mask).");

static PyObject *Observer_fill(Observer *o, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 16) {
        PyErr_SetString(PyExc_TypeError, "fill() takes 16 arguments");
        return NULL;
    }
    int n = o->n, seat, to, dealer, declarer, sitter, lead = 0;
    long phase, called, slot;
    m128 hand, visible, chosen;
    if (seat_arg(args[1], n, 0, "seat", &seat) < 0 || seat_arg(args[3], n, 1, "to_act", &to) < 0
        || seat_arg(args[4], n, 0, "dealer", &dealer) < 0 || seat_arg(args[5], n, 1, "declarer", &declarer) < 0
        || seat_arg(args[7], n, 1, "sitter", &sitter) < 0)
        return NULL;
    phase = PyLong_AsLong(args[2]);
    if (phase == -1 && PyErr_Occurred()) return NULL;
    called = PyLong_AsLong(args[6]);
    if (called == -1 && PyErr_Occurred()) return NULL;
    slot = PyLong_AsLong(args[14]);
    if (slot == -1 && PyErr_Occurred()) return NULL;
    if (m_from_py(args[8], &hand) < 0 || m_from_py(args[9], &visible) < 0 || m_from_py(args[15], &chosen) < 0)
        return NULL;
    if ((hand.hi | visible.hi | chosen.hi) >> (NCARDS - 64)) {
        PyErr_SetString(PyExc_ValueError, "fill(): a card mask has bits above card 77");
        return NULL;
    }
    if (phase < 0 || o->o_phase + phase >= o->o_to || slot < -1 || slot >= o->slots || called < -1
        || called >= NCARDS) {
        PyErr_SetString(PyExc_ValueError, "fill(): the phase, the called card or the slot is out of range");
        return NULL;
    }
    PyObject *tricks = args[10], *trick = args[12];
    if (!PyTuple_Check(tricks) || !PyTuple_Check(trick)) {
        PyErr_SetString(PyExc_TypeError, "fill(): tricks and trick are tuples");
        return NULL;
    }
    if (PyTuple_GET_SIZE(trick) && seat_arg(args[11], n, 0, "lead", &lead) < 0) return NULL;
    unsigned char actions[MAX_ACTION_BYTES];
    size_t abytes = ((size_t)n * (size_t)o->slots + 7) / 8;
    PyObject *acts = args[13];
    if (!PyLong_Check(acts)) {
        PyErr_SetString(PyExc_TypeError, "fill(): actions is an int");
        return NULL;
    }
    if (_PyLong_Sign(acts) < 0) {
        PyErr_SetString(PyExc_OverflowError, "fill(): actions is negative");
        return NULL;
    }
    if ((size_t)_PyLong_NumBits(acts) > (size_t)n * (size_t)o->slots) {
        PyErr_SetString(PyExc_OverflowError, "fill(): actions has more bits than the seats' slots");
        return NULL;
    }
    if (int_bytes(acts, actions, abytes, "fill(): actions") < 0) return NULL;
    Py_buffer buf;
    if (PyObject_GetBuffer(args[0], &buf, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) return NULL;
    if (buf.itemsize != 4 || buf.format == NULL || strcmp(buf.format, "f") != 0 || buf.len / 4 != o->size) {
        PyBuffer_Release(&buf);
        PyErr_Format(PyExc_ValueError, "fill(): out is a float32 array of %d entries", o->size);
        return NULL;
    }
    float *out = (float *)buf.buf;
    memset(out, 0, buf.len);
    out[o->o_phase + phase] = 1.0f;
    if (to >= 0) out[o->o_to + (to - seat + n) % n] = 1.0f;
    out[o->o_dealer + (dealer - seat + n) % n] = 1.0f;
    if (declarer >= 0) out[o->o_declarer + (declarer - seat + n) % n] = 1.0f;
    if (called >= 0 && o->pos[called] >= 0) out[o->o_called + o->pos[called]] = 1.0f;
    mask_entries(o, out, o->o_hand, hand);
    mask_entries(o, out, o->o_seen, m_andnot(visible, hand));  /* then the played cards taken out */
    for (Py_ssize_t t = 0; t < PyTuple_GET_SIZE(tricks); t++) {
        PyObject *done = PyTuple_GET_ITEM(tricks, t);
        int leader;
        if (!PyTuple_Check(done) || PyTuple_GET_SIZE(done) != 3) {
            PyErr_SetString(PyExc_ValueError, "fill(): a completed trick is (leader, cards, winner)");
            goto fail;
        }
        if (seat_arg(PyTuple_GET_ITEM(done, 0), n, 0, "a trick's leader", &leader) < 0
            || trick_rows(o, out, o->o_played, PyTuple_GET_ITEM(done, 1), leader, sitter, seat) < 0)
            goto fail;
    }
    if (trick_rows(o, out, o->o_trick, trick, lead, sitter, seat) < 0) goto fail;
    int k = o->slots;
    for (int a = 0; a < n; a++) {
        int row = o->o_actions + ((a - seat + n) % n) * k;
        for (int j = 0; j < k; j++) {
            int bit = a * k + j;
            if (actions[bit >> 3] >> (bit & 7) & 1) out[row + j] = 1.0f;
        }
    }
    if (slot >= 0) {
        out[o->o_chosen + slot] = 1.0f;
        mask_entries(o, out, o->o_chosen + k, chosen);
    }
    PyBuffer_Release(&buf);
    Py_RETURN_NONE;
fail:
    PyBuffer_Release(&buf);
    return NULL;
}

static PyMethodDef Observer_methods[] = {
    {"fill", (PyCFunction)(void (*)(void))Observer_fill, METH_FASTCALL, fill_doc},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(Observer_doc,
"Observer(*, pos, players, cards, slots, size, offsets)\n"
"\n"
"The layout of one TensorEncoder's observation, for fill(): each card's index in the pack\n"
"(78 ints, -1 out of it), the numbers of seats, cards and action slots, the tensor's size and\n"
"the starts of the sections phase, to_act, dealer, declarer, called, hand, seen, trick,\n"
"played, actions and chosen.");

static PyTypeObject ObserverType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "tarotlib._speedups.Observer",
    .tp_basicsize = sizeof(Observer),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = Observer_doc,
    .tp_methods = Observer_methods,
    .tp_new = Observer_new,
};

/* -- view: a read-only view of a slot (tarotlib.deal.state's reads) -------------------------- */

PyDoc_STRVAR(view_doc,
"view(slot, name, doc)\n"
"\n"
"A read-only member descriptor called `name` (with `doc`) that reads the same slot as `slot`, the\n"
"member descriptor of a class's __slots__: a read of the view costs what a read of the slot\n"
"costs (a property, even one whose getter is C, costs about four times as much), and assigning\n"
"to it raises AttributeError. tarotlib.deal.state makes its reads views of its slots.");

static PyObject *speedups_view(PyObject *module, PyObject *args)
{
    PyObject *slot;
    const char *name, *doc;
    if (!PyArg_ParseTuple(args, "Oss:view", &slot, &name, &doc)) return NULL;
    if (!Py_IS_TYPE(slot, &PyMemberDescr_Type)) {
        PyErr_Format(PyExc_TypeError, "view() takes the member descriptor of a slot, not %s",
                     Py_TYPE(slot)->tp_name);
        return NULL;
    }
    PyMemberDescrObject *member = (PyMemberDescrObject *)slot;
    if (member->d_member->type != T_OBJECT_EX) {
        PyErr_SetString(PyExc_TypeError, "view() takes the member descriptor of a __slots__ entry");
        return NULL;
    }
    /* The definition lives as long as the view: for the module's lifetime (a handful of views). */
    PyMemberDef *def = PyMem_RawCalloc(1, sizeof(PyMemberDef));
    char *own_name = PyMem_RawMalloc(strlen(name) + 1), *own_doc = PyMem_RawMalloc(strlen(doc) + 1);
    if (def == NULL || own_name == NULL || own_doc == NULL) {
        PyMem_RawFree(def);
        PyMem_RawFree(own_name);
        PyMem_RawFree(own_doc);
        return PyErr_NoMemory();
    }
    strcpy(own_name, name);
    strcpy(own_doc, doc);
    def->name = own_name;
    def->type = T_OBJECT_EX;
    def->offset = member->d_member->offset;
    def->flags = READONLY;
    def->doc = own_doc;
    return PyDescr_NewMember(member->d_common.d_type, def);
}

static PyMethodDef module_methods[] = {
    {"view", (PyCFunction)speedups_view, METH_VARARGS, view_doc},
    {"unpack", (PyCFunction)(void (*)(void))speedups_unpack, METH_FASTCALL, unpack_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef speedups_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "tarotlib._speedups",
    .m_doc = "tarotlib's optional compiled parts: the card kernel of playouts (tarotlib.deal.play), "
             "the solver's search of plain card play (tarotlib.ai._plain) and the observation tensors' "
             "writing and unpacking (tarotlib.ai.tensors).",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC PyInit__speedups(void)
{
    init_tables();
    if (PyType_Ready(&KernelType) < 0 || PyType_Ready(&ObserverType) < 0 ||
        PyType_Ready(&PlainType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&speedups_module);
    if (m == NULL) return NULL;
    Py_INCREF(&KernelType);
    if (PyModule_AddObject(m, "Kernel", (PyObject *)&KernelType) < 0) {
        Py_DECREF(&KernelType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&ObserverType);
    if (PyModule_AddObject(m, "Observer", (PyObject *)&ObserverType) < 0) {
        Py_DECREF(&ObserverType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&PlainType);
    if (PyModule_AddObject(m, "Plain", (PyObject *)&PlainType) < 0) {
        Py_DECREF(&PlainType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
