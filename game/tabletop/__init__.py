"""What both card games share: card art and sprites, table layout, the pass-the-device curtain
and the move log."""
