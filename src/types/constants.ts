// String constants of the KubeVirt v1.4.0 core/v1 API (labels, annotations, finalizers, well-known names).
// Generated from staging/src/kubevirt.io/api/core/v1 by a one-off grep; names keep upstream's identifiers.
export const AllowPodBridgeNetworkLiveMigrationAnnotation =
  'kubevirt.io/allow-pod-bridge-network-live-migration';
export const AppLabel = 'kubevirt.io';
export const AppLabelPrefix = 'app.kubernetes.io';
export const AutoMemoryLimitsRatioLabel = 'alpha.kubevirt.io/auto-memory-limits-ratio';
export const CPUFeatureLabel = 'cpu-feature.node.kubevirt.io/';
export const CPUModelLabel = 'cpu-model.node.kubevirt.io/';
export const CPUModelVendorLabel = 'cpu-vendor.node.kubevirt.io/';
export const CPUTimerLabel = 'cpu-timer.node.kubevirt.io/';
export const ClusterInstancetypeAnnotation = 'kubevirt.io/cluster-instancetype-name';
export const ClusterPreferenceAnnotation = 'kubevirt.io/cluster-preference-name';
export const ControllerAPILatestVersionObservedAnnotation = 'kubevirt.io/latest-observed-api-version';
export const ControllerAPIStorageVersionObservedAnnotation = 'kubevirt.io/storage-observed-api-version';
/** From v1.9.0. */
export const CreateMigrationTarget = 'kubevirt.io/create-migration-target';
export const CreatedByLabel = 'kubevirt.io/created-by';
export const CustomLibvirtLogFiltersAnnotation = 'kubevirt.io/libvirt-log-filters';
export const DeprecatedNonRootVMIAnnotation = 'kubevirt.io/nonroot';
export const DomainAnnotation = 'kubevirt.io/domain';
export const EvacuationMigrationAnnotation = 'kubevirt.io/evacuationMigration';
export const FreePageReportingDisabledAnnotation = 'kubevirt.io/free-page-reporting-disabled';
export const FuncTestBlockLauncherPrepareMigrationTargetAnnotation =
  'kubevirt.io/func-test-block-migration-target-preparation';
export const FuncTestForceIgnoreMigrationBackoffAnnotation = 'kubevirt.io/func-test-ignore-migration-backoff';
export const FuncTestForceLauncherMigrationFailureAnnotation =
  'kubevirt.io/func-test-force-launcher-migration-failure';
export const FuncTestLauncherFailFastAnnotation = 'kubevirt.io/func-test-virt-launcher-fail-fast';
export const FuncTestMemoryHotplugFailAnnotation = 'kubevirt.io/func-test-memory-hotplug-fail';
export const FuncTestMigrationTargetImageOverrideAnnotation =
  'kubevirt.io/func-test-migration-target-image-override';
export const HostModelCPULabel = 'host-model-cpu.node.kubevirt.io/';
export const HostModelRequiredFeaturesLabel = 'host-model-required-features.node.kubevirt.io/';
export const HypervLabel = 'hyperv.node.kubevirt.io/';
export const IgnitionAnnotation = 'kubevirt.io/ignitiondata';
export const InstallStrategyIdentifierAnnotation = 'kubevirt.io/install-strategy-identifier';
export const InstallStrategyLabel = 'kubevirt.io/install-strategy';
export const InstallStrategyRegistryAnnotation = 'kubevirt.io/install-strategy-registry';
export const InstallStrategyVersionAnnotation = 'kubevirt.io/install-strategy-version';
export const InstancetypeAnnotation = 'kubevirt.io/instancetype-name';
export const KSMEnabledLabel = 'kubevirt.io/ksm-enabled';
export const KSMHandlerManagedAnnotation = 'kubevirt.io/ksm-handler-managed';
export const KeepLauncherAfterFailureAnnotation = 'kubevirt.io/keep-launcher-alive-after-failure';
export const KubeVirtCustomizeComponentAnnotationHash = 'kubevirt.io/customizer-identifier';
export const KubeVirtGenerationAnnotation = 'kubevirt.io/generation';
export const LabellerSkipNodeAnnotation = 'node-labeller.kubevirt.io/skip-node';
export const MDevResourcePrefix = 'MDEV_PCI_RESOURCE';
export const ManagedByLabelOperatorOldValue = 'kubevirt-operator';
export const ManagedByLabelOperatorValue = 'virt-operator';
export const MemoryHotplugOverheadRatioLabel = 'kubevirt.io/memory-hotplug-overhead-ratio';
export const MigrationJobLabel = 'kubevirt.io/migrationJobUID';
export const MigrationJobNameAnnotation = 'kubevirt.io/migrationJobName';
export const MigrationNameLabel = 'kubevirt.io/migrationName';
export const MigrationPendingPodTimeoutSecondsAnnotation = 'kubevirt.io/migrationPendingPodTimeoutSeconds';
export const MigrationSelectorLabel = 'kubevirt.io/vmi-name';
export const MigrationTargetNodeNameLabel = 'kubevirt.io/migrationTargetNodeName';
export const MigrationTransportUnixAnnotation = 'kubevirt.io/migrationTransportUnix';
export const MigrationUnschedulablePodTimeoutSecondsAnnotation =
  'kubevirt.io/migrationUnschedulablePodTimeoutSeconds';
export const NodeHostModelIsObsoleteLabel = 'node-labeller.kubevirt.io/obsolete-host-model';
export const NodeNameLabel = 'kubevirt.io/nodeName';
export const OutdatedLauncherImageLabel = 'kubevirt.io/outdatedLauncherImage';
export const PCIResourcePrefix = 'PCI_RESOURCE';
/** From v1.9.0. */
export const PciTopologyVersionAnnotation = 'kubevirt.io/pci-topology-version';
/** From v1.9.0. */
export const PciTopologyVersionV3 = 'v3';
export const PVCMemoryDumpAnnotation = 'kubevirt.io/memory-dump';
export const PreferenceAnnotation = 'kubevirt.io/preference-name';
export const RealtimeLabel = 'kubevirt.io/realtime';
export const SEVESLabel = 'kubevirt.io/sev-es';
export const SEVLabel = 'kubevirt.io/sev';
export const StartRequestDataPausedKey = 'paused';
export const USBResourcePrefix = 'USB_RESOURCE';
export const VGADisplayForEFIGuestsX86Annotation = 'kubevirt.io/vga-display-efi-x86';
export const VirtOperatorComponentFinalizer = 'kubevirt.io/virtOperatorFinalizer';
export const VirtualMachineControllerFinalizer = 'kubevirt.io/virtualMachineControllerFinalize';
export const VirtualMachineGenerationAnnotation = 'kubevirt.io/vm-generation';
export const VirtualMachineInstanceFinalizer = 'foregroundDeleteVirtualMachine';
export const VirtualMachineInstanceMigrationFinalizer = 'kubevirt.io/migrationJobFinalize';
export const VirtualMachineNameLabel = 'vm.kubevirt.io/name';
export const VirtualMachinePodCPULimitsLabel = 'kubevirt.io/vmi-pod-cpu-resource-limits';
export const VirtualMachinePodMemoryRequestsLabel = 'kubevirt.io/vmi-pod-memory-resource-requests';
export const WorkloadUpdateMigrationAbortionAnnotation = 'kubevirt.io/testWorkloadUpdateMigrationAbortion';
export const WorkloadUpdateMigrationAnnotation = 'kubevirt.io/workloadUpdateMigration';
