"""Flipology (Nature, the Great Tree, the multi-game variant) on the toolkit."""
