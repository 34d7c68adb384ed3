module github.com/musterhq/muster

go 1.26.8
