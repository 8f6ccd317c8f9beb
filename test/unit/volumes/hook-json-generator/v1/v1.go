package v1

type PullPolicy string
