"""Tarocc'Ombre for 3, 5 and 7 players and Ombra arrabiata (TO-1 … TO-37)."""
