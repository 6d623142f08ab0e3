package tags

import "github.com/validation-gen/validation-gen/model"

// kbPrintColumn is +kubebuilder:printcolumn's arguments.
type kbPrintColumn struct {
	Name        string
	Type        string
	JSONPath    string `marker:"JSONPath"`
	Description string `marker:",optional"`
	Format      string `marker:",optional"`
	Priority    int32  `marker:",optional"`
}

var printColumnTypes = []string{"integer", "number", "string", "boolean", "date"}

func init() {
	registerMarker(&Def{
		Name: "kubebuilder:printcolumn", Scopes: ScopeType, Repeatable: true,
		Doc:     "A column kubectl get prints for the kind.",
		OpenAPI: "CRD versions[].additionalPrinterColumns",
		Example: `+kubebuilder:printcolumn:name="Age",type=date,JSONPath=".metadata.creationTimestamp"`,
		Apply: func(c *Context) error {
			x := c.Marker.(kbPrintColumn)
			known := false
			for _, t := range printColumnTypes {
				known = known || t == x.Type
			}
			if !known {
				return c.Errorf("type %q is not one of integer, number, string, boolean, date", x.Type)
			}
			c.Type.CRD.PrintColumns = append(c.Type.CRD.PrintColumns, model.PrintColumn{Name: x.Name, Type: x.Type,
				JSONPath: x.JSONPath, Description: x.Description, Format: x.Format, Priority: x.Priority, Origin: c.Origin()})
			return nil
		},
	}, kbPrintColumn{}, false,
		markerDoc{"name", "the column's title"},
		markerDoc{"type", "integer, number, string, boolean or date"},
		markerDoc{"JSONPath", "the value's JSON path, e.g. .status.phase"},
		markerDoc{"description", "what the column shows"},
		markerDoc{"format", "a format for the type, e.g. int32"},
		markerDoc{"priority", "0 shows it in the default view, higher only with -o wide"})
}
