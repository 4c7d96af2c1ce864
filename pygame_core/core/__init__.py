"""Title-independent machinery: errors, RNG, the Game wrapper, the JSON API."""
