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
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case "precompress": // make build: app.wasm's .br and .gz
			command = precompress
			os.Args = os.Args[1:]
		case "version": // the module version and the app's build
			command = version
			os.Args = os.Args[1:]
		}
	}
	if err := command(ctx, os.Args, os.Getenv, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "octaview:", err)
		os.Exit(1)
	}
}
