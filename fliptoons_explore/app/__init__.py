"""`fliptoons-explore app`: the explorer served as a web app on localhost, for people who never
open a notebook: Voilà shows the notebook shipped with the widgets (`widgets/app.ipynb`), which
holds the explorer and nothing else (docs/scenarios.md has the scenario files it opens).

- `command`: the command itself: its arguments checked, the scenario it opens on, Voilà's
  command line for the app;
- `server`: what the app adds to Voilà's server (imported only while the app runs: it needs
  Voilà), so that every stop signal stops every kernel it started.
"""
