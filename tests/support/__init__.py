"""What the tests share: the game configurations they run over, the helpers of each game's tests,
the Hypothesis profiles, the paths of the checkout, and the behaviour baselines' capture scripts.

Test modules import from here (``from support.deal import ...``), never from one another.
"""
