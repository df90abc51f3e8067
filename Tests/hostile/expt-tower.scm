(expt 2 (expt 2 100))
