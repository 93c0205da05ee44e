"""The back office: the admin's pages for support staff, in words from the translation catalog
(a hand told in order, a match's players, places, stacks and audit)."""
