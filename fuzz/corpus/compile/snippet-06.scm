(guard (e ((string? e) e) ((error-object? e) (error-object-message e))) (raise 'boom))
