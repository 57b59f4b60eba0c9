//go:build !js

package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	command := run
	if len(os.Args) > 1 && os.Args[1] == "precompress" { // make build: app.wasm's .br and .gz
		command = precompress
		os.Args = os.Args[1:]
	}
	if err := command(ctx, os.Args, os.Getenv, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "octaview:", err)
		os.Exit(1)
	}
}
