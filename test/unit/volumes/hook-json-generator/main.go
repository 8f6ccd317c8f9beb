// Generates ../hook-sidecar-json-vectors.json with Go's encoding/json (types mirror pkg/hooks of KubeVirt v1.4.0):
//   cd test/unit/volumes/hook-json-generator && go run . < inputs.json > ../hook-sidecar-json-vectors.json

package main

import (
	"encoding/json"
	"fmt"
	"os"

	"gojson/hooks"
)

func dump(l hooks.HookSidecarList) []map[string]any {
	out := []map[string]any{}
	for _, s := range l {
		m := map[string]any{"image": s.Image, "imagePullPolicy": string(s.ImagePullPolicy), "command": s.Command, "args": s.Args, "configMap": s.ConfigMap, "pvc": s.PVC}
		out = append(out, m)
	}
	return out
}

func main() {
	var inputs []string
	if err := json.NewDecoder(os.Stdin).Decode(&inputs); err != nil {
		panic(err)
	}
	var results []map[string]any
	for _, in := range inputs {
		l := make(hooks.HookSidecarList, 0)
		err := json.Unmarshal([]byte(in), &l)
		r := map[string]any{"input": in}
		if err != nil {
			r["error"] = err.Error()
		} else {
			r["value"] = dump(l)
		}
		results = append(results, r)
	}
	b, _ := json.MarshalIndent(results, "", " ")
	fmt.Println(string(b))
}
