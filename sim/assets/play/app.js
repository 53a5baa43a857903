// hexwar play page (placeholder)
