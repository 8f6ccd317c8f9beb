// The name rules of the Kubernetes API (apimachinery pkg/util/validation), for what the command line and
// the library take as names.

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** upstream: IsDNS1123Label (what a namespace name must be) */
export const isDNS1123Label = (value: string): boolean => value.length <= 63 && DNS1123_LABEL.test(value);

/** upstream: IsDNS1123Subdomain (what a Pod name must be) */
export const isDNS1123Subdomain = (value: string): boolean =>
  value.length <= 253 && DNS1123_SUBDOMAIN.test(value);

/** An RFC 4122 UUID, what the API server gives as metadata.uid. */
export const isUUID = (value: string): boolean => UUID.test(value);

export const NAMESPACE_RULE = 'a lowercase RFC 1123 label of at most 63 characters (e.g. "my-name")';
export const POD_NAME_RULE =
  'a lowercase RFC 1123 subdomain of at most 253 characters (e.g. "virt-launcher-my-vm")';
export const UUID_RULE = 'a UUID (e.g. "7c9e6679-7425-40de-944b-e07fc1f90001")';
