"""No-limit Texas Hold'em, exactly as RULES.md §1 says, for 2–10 seats, any blinds and antes.

The Cardavia match is :data:`games.engine.holdem.rules.CARDAVIA_TABLE`: four seats of 1000 chips,
blinds 10/20, no ante, the button on seat 0 (the human) in the first hand.

Choices where RULES.md is silent (what a careful card room does):

- **Short big blind.** A big blind posted short (all-in) sets the bet to call at what was posted;
  the minimum raise is still the posted bet plus one big blind.
- **Short opening bet.** After an all-in bet below the minimum, a raise must still add a full
  minimum bet on top of it (e.g. all-in 15 with min bet 20: raise to at least 35).
- **Bet and raise** are one action, "bet to N this round"; the event records which it was.
- **Fold** is offered only when a player owes chips; otherwise they check (RULES.md §1.4).
- **Uncalled chips** return at the end of each betting round (and when all others fold), so the
  pot shown is always the contested one.
- **Antes** (not in Cardavia's match, but in hand histories) are posted before the blinds, from the
  seat left of the button; a big-blind ante is posted by the big blind.
- **Showdown** happens after the river, also after an automatic run-out; live hands are shown
  clockwise from the seat left of the button. A pot's odd chips follow the same order.
- **Two players eliminated in one hand** place by their stacks at the start of that hand (more chips
  places higher); equal stacks share the place.
- **Restart** is allowed at any time: a hand in play is abandoned (its seed revealed, its chips not
  settled), every stack returns to its starting amount and the button to its first seat.
"""
