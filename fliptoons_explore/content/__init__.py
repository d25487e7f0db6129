"""What the package teaches with, written once for every game through the game contract
(`games.GameContract`):

- `situations`: the situation library, every FAQ entry, Key Concept and rule a table in play can
  show, with its expected outcome written from the rulebooks; its files are `library/*.json`
  (`library/README.md` describes them);
- `teach`: the exercises of the teaching notebooks (predict, then check; docs/teaching.md);
- `practice`: fresh exercises on a rule, from random situations of either game, without end
  (`practice.practice(rule, n=5, seed=0)`; docs/practice.md).

`fliptoons_explore.situation(name)`, `situations(...)` and `Situation` are the library's.
"""
