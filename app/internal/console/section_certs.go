package console

// SectionCerts is a listener's certificates (default, SNI, client CA,
// CRL) with their subjects and expiry (internal/section's
// listener_certs.go).
const SectionCerts Section = "certificates"
