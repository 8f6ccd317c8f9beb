package hooks

import v1 "gojson/v1"

type HookSidecarList []HookSidecar

type ConfigMap struct {
	Name     string `json:"name"`
	Key      string `json:"key"`
	HookPath string `json:"hookPath"`
}

type PVC struct {
	Name              string `json:"name"`
	VolumePath        string `json:"volumePath"`
	SharedComputePath string `json:"sharedComputePath"`
}

type HookSidecar struct {
	Image           string        `json:"image,omitempty"`
	ImagePullPolicy v1.PullPolicy `json:"imagePullPolicy"`
	Command         []string      `json:"command,omitempty"`
	Args            []string      `json:"args,omitempty"`
	ConfigMap       *ConfigMap    `json:"configMap,omitempty"`
	PVC             *PVC          `json:"pvc,omitempty"`
	DownwardAPI     string        `json:"-"`
}
