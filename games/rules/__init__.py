"""The pure rules of pokerhome: no Django, no clock, no global random (docs/rules-api.md)."""
