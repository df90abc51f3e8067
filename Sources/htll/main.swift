// placeholder so the package resolves
