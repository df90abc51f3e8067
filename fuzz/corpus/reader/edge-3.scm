"unterminated
