"""ipywidgets for exploring fliptoons_explore resolutions, installed as fliptoons_explore.widgets.

It depends on the engine (`fliptoons_explore`), never the other way round.
"""
