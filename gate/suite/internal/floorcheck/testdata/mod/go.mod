module example.com/floor

go 1.19
