// PackBuilder
