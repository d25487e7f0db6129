"""Analysis on top of both games: ruling comparisons (`compare`), the card interaction graph and
its drawings (`interactions`, `interaction_svg`), seeded experiments as DataFrames
(`experiments`), tournaments between policies (`tournament`) and the win rate of every option of a
decision (`advice`). Import each module by name (`from fliptoons_explore.analysis import
compare`): this package imports none of them, so importing it loads nothing heavy."""
