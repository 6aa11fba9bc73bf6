"""Game-specific interaction controllers: what a click on the board means, in each game."""
