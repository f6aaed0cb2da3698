"""Lombardy tarot (LO-10 … LO-17) and Reseghino (RE-1 … RE-7)."""
