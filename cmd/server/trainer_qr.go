//go:build !js

package main

import (
	"fmt"
	"net/http"
	"strings"

	qrcode "github.com/skip2/go-qrcode"

	"github.com/octaview/octaview/cmd/server/proxy"
	"github.com/octaview/octaview/labcloud"
)

// qrSVG draws text's QR code (github.com/skip2/go-qrcode, error correction
// M, with its quiet zone) as an SVG: one path of unit squares, crisp at any
// print size. It is made here, on the server: the QR library is not linked
// into app.wasm.
func qrSVG(text string) (string, error) {
	q, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		return "", err
	}
	bm := q.Bitmap()
	n := len(bm)
	var d strings.Builder
	for y, row := range bm {
		for x, on := range row {
			if on {
				fmt.Fprintf(&d, "M%d %dh1v1h-1z", x, y)
			}
		}
	}
	return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges" role="img">`+
		`<title>QR code of %s</title><rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="%s"/></svg>`,
		n, n, escapeXML(text), n, n, d.String()), nil
}

func escapeXML(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}

// qr serves the QR code of the console's URL (the cards' code) as SVG.
func (tr *trainer) qr(w http.ResponseWriter, r *http.Request, _ labcloud.Identity, _ string) {
	svg, err := qrSVG(tr.consoleURL)
	if err != nil {
		proxy.WriteFault(w, http.StatusInternalServerError, "Drawing the QR code failed: %s", err.Error())
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "private, max-age=300")
	w.Write([]byte(svg))
}
