package form

import "errors"

// ErrNoQoS is what a QoS field's choices are when Neutron's extensions
// list lacks qos (its /v2.0/qos/ is then a 404): the form shows this
// instead of the field, and sends nothing for it.
var ErrNoQoS = errors.New("Neutron here has no QoS extension: the VIP cannot take a QoS policy.")

// NoQoS reports whether a picked field's options error (FieldInput's
// OptionsErr) is ErrNoQoS's.
func NoQoS(optionsErr string) bool { return optionsErr == ErrNoQoS.Error() }
