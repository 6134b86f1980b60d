"""Mensch ärgere Dich nicht (Schmidt Spiele): rules, boards, notation and bots."""
