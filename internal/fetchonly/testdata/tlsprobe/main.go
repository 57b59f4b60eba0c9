// Command tlsprobe starts a TLS client on one end of a pipe whose other end
// never answers and prints the errors of its Handshake, Read and Write, one a
// line: internal/fetchonly's TestTLSHandshakeFetchOnly runs it built with the
// fetch-only overlay, where each is the overlay's error at once. Built without
// it, the handshake waits for the peer until the pipe's deadline.
package main

import (
	"crypto/tls"
	"fmt"
	"net"
	"os"
	"time"
)

func main() {
	client, server := net.Pipe()
	defer server.Close()
	if err := client.SetDeadline(time.Now().Add(5 * time.Second)); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	conn := tls.Client(client, &tls.Config{ServerName: "example.invalid"})
	defer conn.Close()
	_, readErr := conn.Read(make([]byte, 1))
	_, writeErr := conn.Write([]byte("x"))
	for _, err := range []error{conn.Handshake(), readErr, writeErr} {
		fmt.Println(err)
	}
}
