package jsonsrc

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"
)

// Decode stores the tree in the value v points to, as encoding/json's
// Unmarshal would from the same source: struct fields by their json tag
// (exact match first, then case-insensitive), unknown keys ignored, numbers
// into any as float64. It saves parsing the document a second time, which
// was a fifth of a validation run. A value of the wrong type is an error
// naming its JSON Pointer; nothing panics.
func (n *Node) Decode(v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("decode: need a non-nil pointer, got %T", v)
	}
	return decodeValue(n, rv.Elem())
}

// DecodeError is a value that does not fit the Go type it is decoded into.
type DecodeError struct {
	Pointer string
	Msg     string
	// Range says the value has the right JSON type but Go cannot hold it
	// (9223372036854775808 or 1e308 for an int).
	Range bool
}

// within prefixes the pointer of an error with the key or index it lies
// under; pointers are built only on the error path, as the error unwinds.
func within(err error, token string) error {
	if de, ok := err.(*DecodeError); ok {
		de.Pointer = "/" + PointerToken(token) + de.Pointer
	}
	return err
}

func (e *DecodeError) Error() string { return fmt.Sprintf("%s: %s", e.Pointer, e.Msg) }

func mismatch(n *Node, t reflect.Type) error {
	return &DecodeError{Msg: fmt.Sprintf("cannot decode a JSON %s into %s", n.Kind, t)}
}

func decodeValue(n *Node, v reflect.Value) error {
	if n.Kind == Null {
		// As encoding/json: null leaves non-reference values unchanged and
		// sets pointers, maps, slices and interfaces to nil.
		switch v.Kind() {
		case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Interface:
			v.SetZero()
		}
		return nil
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		return decodeValue(n, v.Elem())
	case reflect.Interface:
		if v.NumMethod() != 0 {
			return mismatch(n, v.Type())
		}
		val, err := n.generic()
		if err != nil {
			return err
		}
		if val == nil {
			v.SetZero()
		} else {
			v.Set(reflect.ValueOf(val))
		}
		return nil
	case reflect.String:
		if n.Kind != String {
			return mismatch(n, v.Type())
		}
		v.SetString(n.Text)
	case reflect.Bool:
		if n.Kind != Bool {
			return mismatch(n, v.Type())
		}
		v.SetBool(n.Bool)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if n.Kind != Number {
			return mismatch(n, v.Type())
		}
		i, err := strconv.ParseInt(n.Text, 10, 64)
		if err != nil {
			// JSON Schema counts 2.0 and 2e1 as integers; so does muster.
			if f, ferr := strconv.ParseFloat(n.Text, 64); ferr == nil && f == math.Trunc(f) && math.Abs(f) < 1<<53 {
				i, err = int64(f), nil
			}
		}
		if err != nil || v.OverflowInt(i) {
			return &DecodeError{Msg: fmt.Sprintf("%s is not a whole number that fits %s", n.Text, v.Type()), Range: true}
		}
		v.SetInt(i)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if n.Kind != Number {
			return mismatch(n, v.Type())
		}
		u, err := strconv.ParseUint(n.Text, 10, 64)
		if err != nil || v.OverflowUint(u) {
			return &DecodeError{Msg: fmt.Sprintf("%s is not a whole number that fits %s", n.Text, v.Type()), Range: true}
		}
		v.SetUint(u)
	case reflect.Float32, reflect.Float64:
		if n.Kind != Number {
			return mismatch(n, v.Type())
		}
		f, err := strconv.ParseFloat(n.Text, v.Type().Bits())
		if err != nil {
			return &DecodeError{Msg: fmt.Sprintf("%s does not fit %s", n.Text, v.Type())}
		}
		v.SetFloat(f)
	case reflect.Slice:
		if n.Kind != Array {
			return mismatch(n, v.Type())
		}
		s := reflect.MakeSlice(v.Type(), len(n.Items), len(n.Items))
		for i, it := range n.Items {
			if err := decodeValue(it, s.Index(i)); err != nil {
				return within(err, strconv.Itoa(i))
			}
		}
		v.Set(s)
	case reflect.Map:
		if n.Kind != Object || v.Type().Key().Kind() != reflect.String {
			return mismatch(n, v.Type())
		}
		if v.IsNil() {
			v.Set(reflect.MakeMapWithSize(v.Type(), len(n.Members)))
		}
		et := v.Type().Elem()
		for _, m := range n.Members {
			e := reflect.New(et).Elem()
			if err := decodeValue(m.Value, e); err != nil {
				return within(err, m.Key)
			}
			v.SetMapIndex(reflect.ValueOf(m.Key).Convert(v.Type().Key()), e)
		}
	case reflect.Struct:
		if n.Kind != Object {
			return mismatch(n, v.Type())
		}
		fields := fieldsOf(v.Type())
		for _, m := range n.Members {
			idx, ok := fields.exact[m.Key]
			if !ok {
				idx, ok = fields.folded[strings.ToLower(m.Key)]
			}
			if !ok {
				continue
			}
			if err := decodeValue(m.Value, v.Field(idx)); err != nil {
				return within(err, m.Key)
			}
		}
	default:
		return mismatch(n, v.Type())
	}
	return nil
}

// generic converts a node to the values encoding/json gives an any.
func (n *Node) generic() (any, error) {
	switch n.Kind {
	case Null:
		return nil, nil
	case Bool:
		return n.Bool, nil
	case String:
		return n.Text, nil
	case Number:
		f, err := strconv.ParseFloat(n.Text, 64)
		if err != nil {
			return nil, &DecodeError{Msg: fmt.Sprintf("%s does not fit float64", n.Text)}
		}
		return f, nil
	case Array:
		out := make([]any, len(n.Items))
		for i, it := range n.Items {
			v, err := it.generic()
			if err != nil {
				return nil, within(err, strconv.Itoa(i))
			}
			out[i] = v
		}
		return out, nil
	default:
		out := make(map[string]any, len(n.Members))
		for _, m := range n.Members {
			v, err := m.Value.generic()
			if err != nil {
				return nil, within(err, m.Key)
			}
			out[m.Key] = v
		}
		return out, nil
	}
}

type structFields struct {
	exact  map[string]int
	folded map[string]int
}

var fieldCache sync.Map // reflect.Type -> *structFields

// fieldsOf maps a struct's JSON names to field indexes: the json tag's name,
// or the field name; "-" and unexported fields are skipped.
func fieldsOf(t reflect.Type) *structFields {
	if f, ok := fieldCache.Load(t); ok {
		return f.(*structFields)
	}
	f := &structFields{exact: map[string]int{}, folded: map[string]int{}}
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		if !sf.IsExported() || sf.Anonymous {
			continue
		}
		name := sf.Name
		if tag, ok := sf.Tag.Lookup("json"); ok {
			tagName, _, _ := strings.Cut(tag, ",")
			if tagName == "-" {
				continue
			}
			if tagName != "" {
				name = tagName
			}
		}
		f.exact[name] = i
		if _, dup := f.folded[strings.ToLower(name)]; !dup {
			f.folded[strings.ToLower(name)] = i
		}
	}
	fieldCache.Store(t, f)
	return f
}
