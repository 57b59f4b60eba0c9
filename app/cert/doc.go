// Package cert is the room of the certificate pages: the project's TLS
// certificates as Barbican (the key-manager service) holds them for
// Octavia, each with its subject, expiry and the listeners and pools that
// use it; a certificate's page; the upload of a PEM pair or a PKCS#12
// file as the one secret a listener's ref names. The model (parsing,
// expiry, which objects use a ref) is internal/cert, tested natively.
//
//	routes.go       the paths and Routes, which app.Register calls
//	feed.go         the live read of the list: every 3 s the project's
//	                secrets, containers, listeners and pools; each payload
//	                once (a Barbican payload never changes)
//	list_page.go    the list (/certificates)
//	cert_page.go    a certificate's page (/certificates/secrets/{uuid},
//	                /certificates/containers/{uuid}) and its delete
//	upload_page.go  the upload (/certificates/new); upload_files.go reads
//	                a chosen file, its size checked before
//
// The private key is in the upload page only between its input and the
// upload: its fields are cleared and its bytes zeroed (internal/cert's
// Bundle.Forget) once Barbican has it, and when the page goes away. It is
// sent to Barbican only, through the server's /key-manager proxy, which
// refuses every write in read-only mode; read-only pages show no upload.
package cert
