package labcloud

// parentNamed is a childKind's bodyParent once the body's ids are checked:
// the object of col that the body's parent id (id, sent as key:
// "pool_id") names, whichever project's it is (admit answers Octavia's 403
// for another project's). Octavia's 400 when the body names none, its 404
// (title: "Pool") when col does not hold it.
func parentNamed[P object](col *collection[P], key, title string, id *string) (P, *apiError) {
	var zero P
	if id == nil {
		return zero, mandatory(key)
	}
	p, ok := col.get(*id)
	if !ok {
		return zero, notFound(title, *id)
	}
	return p, nil
}
