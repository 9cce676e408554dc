module github.com/benchgate/benchgate/benchmarks

go 1.19

require github.com/golang-jwt/jwt/v5 v5.2.2
