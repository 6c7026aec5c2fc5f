package main

import (
	"fmt"
	"os"

	"circ/cfa/cfront"
)

func main() {
	p, err := cfront.Load(os.Args[1])
	if err != nil {
		fmt.Println("ERR", err)
		return
	}
	fmt.Print(p)
}
