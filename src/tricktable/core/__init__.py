"""The core protocol shared by every game."""
