// Generated from schemas/kubevirt/v1.9.0/*.json by scripts/gen-types.mjs (npm run generate). Do not edit.
/* eslint-disable */
export interface VirtualMachineInstance {
  apiVersion?: string;
  kind?: string;
  metadata?: import('kubernetes-types/meta/v1.js').ObjectMeta;
  spec: {
    /**
     * @maxItems 256
     */
    accessCredentials?: {
      sshPublicKey?: {
        propagationMethod: {
          configDrive?: Record<string, unknown>;
          noCloud?: Record<string, unknown>;
          qemuGuestAgent?: {
            users: string[];
          };
        };
        source: {
          secret?: {
            secretName: string;
          };
        };
      };
      userPassword?: {
        propagationMethod: {
          qemuGuestAgent?: Record<string, unknown>;
        };
        source: {
          secret?: {
            secretName: string;
          };
        };
      };
    }[];
    affinity?: {
      nodeAffinity?: {
        preferredDuringSchedulingIgnoredDuringExecution?: {
          preference: {
            matchExpressions?: {
              key: string;
              operator: string;
              values?: string[];
            }[];
            matchFields?: {
              key: string;
              operator: string;
              values?: string[];
            }[];
          };
          weight: number;
        }[];
        requiredDuringSchedulingIgnoredDuringExecution?: {
          nodeSelectorTerms: {
            matchExpressions?: {
              key: string;
              operator: string;
              values?: string[];
            }[];
            matchFields?: {
              key: string;
              operator: string;
              values?: string[];
            }[];
          }[];
        };
      };
      podAffinity?: {
        preferredDuringSchedulingIgnoredDuringExecution?: {
          podAffinityTerm: {
            labelSelector?: {
              matchExpressions?: {
                key: string;
                operator: string;
                values?: string[];
              }[];
              matchLabels?: {
                [k: string]: string;
              };
            };
            matchLabelKeys?: string[];
            mismatchLabelKeys?: string[];
            namespaceSelector?: {
              matchExpressions?: {
                key: string;
                operator: string;
                values?: string[];
              }[];
              matchLabels?: {
                [k: string]: string;
              };
            };
            namespaces?: string[];
            topologyKey: string;
          };
          weight: number;
        }[];
        requiredDuringSchedulingIgnoredDuringExecution?: {
          labelSelector?: {
            matchExpressions?: {
              key: string;
              operator: string;
              values?: string[];
            }[];
            matchLabels?: {
              [k: string]: string;
            };
          };
          matchLabelKeys?: string[];
          mismatchLabelKeys?: string[];
          namespaceSelector?: {
            matchExpressions?: {
              key: string;
              operator: string;
              values?: string[];
            }[];
            matchLabels?: {
              [k: string]: string;
            };
          };
          namespaces?: string[];
          topologyKey: string;
        }[];
      };
      podAntiAffinity?: {
        preferredDuringSchedulingIgnoredDuringExecution?: {
          podAffinityTerm: {
            labelSelector?: {
              matchExpressions?: {
                key: string;
                operator: string;
                values?: string[];
              }[];
              matchLabels?: {
                [k: string]: string;
              };
            };
            matchLabelKeys?: string[];
            mismatchLabelKeys?: string[];
            namespaceSelector?: {
              matchExpressions?: {
                key: string;
                operator: string;
                values?: string[];
              }[];
              matchLabels?: {
                [k: string]: string;
              };
            };
            namespaces?: string[];
            topologyKey: string;
          };
          weight: number;
        }[];
        requiredDuringSchedulingIgnoredDuringExecution?: {
          labelSelector?: {
            matchExpressions?: {
              key: string;
              operator: string;
              values?: string[];
            }[];
            matchLabels?: {
              [k: string]: string;
            };
          };
          matchLabelKeys?: string[];
          mismatchLabelKeys?: string[];
          namespaceSelector?: {
            matchExpressions?: {
              key: string;
              operator: string;
              values?: string[];
            }[];
            matchLabels?: {
              [k: string]: string;
            };
          };
          namespaces?: string[];
          topologyKey: string;
        }[];
      };
    };
    architecture?: string;
    dnsConfig?: {
      nameservers?: string[];
      options?: {
        name?: string;
        value?: string;
      }[];
      searches?: string[];
    };
    dnsPolicy?: string;
    domain: {
      chassis?: {
        asset?: string;
        manufacturer?: string;
        serial?: string;
        sku?: string;
        version?: string;
      };
      clock?: {
        timer?: {
          hpet?: {
            present?: boolean;
            tickPolicy?: string;
          };
          hyperv?: {
            present?: boolean;
          };
          kvm?: {
            present?: boolean;
          };
          pit?: {
            present?: boolean;
            tickPolicy?: string;
          };
          rtc?: {
            present?: boolean;
            tickPolicy?: string;
            track?: string;
          };
        };
        timezone?: string;
        utc?: {
          offsetSeconds?: number;
        };
      };
      cpu?: {
        cores?: number;
        dedicatedCpuPlacement?: boolean;
        features?: {
          name: string;
          policy?: string;
        }[];
        isolateEmulatorThread?: boolean;
        maxSockets?: number;
        model?: string;
        numa?: {
          guestMappingPassthrough?: Record<string, unknown>;
        };
        realtime?: {
          mask?: string;
        };
        sockets?: number;
        threads?: number;
      };
      devices: {
        autoattachGraphicsDevice?: boolean;
        autoattachInputDevice?: boolean;
        autoattachMemBalloon?: boolean;
        autoattachPodInterface?: boolean;
        autoattachSerialConsole?: boolean;
        autoattachVSOCK?: boolean;
        blockMultiQueue?: boolean;
        clientPassthrough?: Record<string, unknown>;
        disableHotplug?: boolean;
        /**
         * @maxItems 256
         */
        disks?: {
          blockSize?: {
            custom?: {
              discardGranularity?: number;
              logical?: number;
              physical?: number;
            };
            matchVolume?: {
              enabled?: boolean;
            };
          };
          bootOrder?: number;
          cache?: string;
          cdrom?: {
            bus?: string;
            readonly?: boolean;
            tray?: string;
          };
          changedBlockTracking?: boolean;
          dedicatedIOThread?: boolean;
          disk?: {
            bus?: string;
            pciAddress?: string;
            readonly?: boolean;
          };
          errorPolicy?: string;
          io?: string;
          lun?: {
            bus?: string;
            readonly?: boolean;
            reservation?: boolean;
          };
          name: string;
          serial?: string;
          shareable?: boolean;
          tag?: string;
        }[];
        downwardMetrics?: Record<string, unknown>;
        filesystems?: {
          name: string;
          virtiofs: Record<string, unknown>;
        }[];
        gpus?: {
          claimName?: string;
          deviceName?: string;
          name: string;
          requestName?: string;
          tag?: string;
          virtualGPUOptions?: {
            display?: {
              enabled?: boolean;
              ramFB?: {
                enabled?: boolean;
              };
            };
          };
        }[];
        hostDevices?: {
          claimName?: string;
          deviceName?: string;
          name: string;
          requestName?: string;
          tag?: string;
        }[];
        inputs?: {
          bus?: string;
          name: string;
          type: string;
        }[];
        /**
         * @maxItems 256
         */
        interfaces?: {
          acpiIndex?: number;
          binding?: {
            name: string;
          };
          bootOrder?: number;
          bridge?: Record<string, unknown>;
          dhcpOptions?: {
            bootFileName?: string;
            ntpServers?: string[];
            privateOptions?: {
              option: number;
              value: string;
            }[];
            tftpServerName?: string;
          };
          macAddress?: string;
          macvtap?: Record<string, unknown>;
          masquerade?: Record<string, unknown>;
          model?: string;
          name: string;
          passt?: Record<string, unknown>;
          passtBinding?: Record<string, unknown>;
          pciAddress?: string;
          portRanges?: {
            end: number;
            protocol: string;
            start: number;
          }[];
          ports?: {
            name?: string;
            port: number;
            protocol?: string;
          }[];
          slirp?: Record<string, unknown>;
          sriov?: Record<string, unknown>;
          state?: string;
          tag?: string;
        }[];
        logSerialConsole?: boolean;
        networkInterfaceMultiqueue?: boolean;
        panicDevices?: {
          model?: string;
        }[];
        rng?: Record<string, unknown>;
        sound?: {
          model?: string;
          name: string;
        };
        tpm?: {
          enabled?: boolean;
          persistent?: boolean;
        };
        useVirtioTransitional?: boolean;
        video?: {
          type?: string;
        };
        watchdog?: {
          diag288?: {
            action?: string;
          };
          i6300esb?: {
            action?: string;
          };
          name: string;
        };
      };
      features?: {
        acpi?: {
          enabled?: boolean;
        };
        apic?: {
          enabled?: boolean;
          endOfInterrupt?: boolean;
        };
        hyperv?: {
          evmcs?: {
            enabled?: boolean;
          };
          frequencies?: {
            enabled?: boolean;
          };
          ipi?: {
            enabled?: boolean;
          };
          reenlightenment?: {
            enabled?: boolean;
          };
          relaxed?: {
            enabled?: boolean;
          };
          reset?: {
            enabled?: boolean;
          };
          runtime?: {
            enabled?: boolean;
          };
          spinlocks?: {
            enabled?: boolean;
            spinlocks?: number;
          };
          synic?: {
            enabled?: boolean;
          };
          synictimer?: {
            direct?: {
              enabled?: boolean;
            };
            enabled?: boolean;
          };
          tlbflush?: {
            direct?: {
              enabled?: boolean;
            };
            enabled?: boolean;
            extended?: {
              enabled?: boolean;
            };
          };
          vapic?: {
            enabled?: boolean;
          };
          vendorid?: {
            enabled?: boolean;
            vendorid?: string;
          };
          vpindex?: {
            enabled?: boolean;
          };
        };
        hypervPassthrough?: {
          enabled?: boolean;
        };
        kvm?: {
          hidden?: boolean;
        };
        pvspinlock?: {
          enabled?: boolean;
        };
        smm?: {
          enabled?: boolean;
        };
      };
      firmware?: {
        acpi?: {
          msdmNameRef?: string;
          slicNameRef?: string;
        };
        bootloader?: {
          bios?: {
            useSerial?: boolean;
          };
          efi?: {
            persistent?: boolean;
            secureBoot?: boolean;
          };
        };
        kernelBoot?: {
          container?: {
            image: string;
            imagePullPolicy?: string;
            imagePullSecret?: string;
            initrdPath?: string;
            kernelPath?: string;
          };
          kernelArgs?: string;
        };
        serial?: string;
        uuid?: string;
      };
      ioThreads?: {
        supplementalPoolThreadCount?: number;
      };
      ioThreadsPolicy?: string;
      launchSecurity?: {
        sev?: {
          attestation?: Record<string, unknown>;
          dhCert?: string;
          policy?: {
            encryptedState?: boolean;
          };
          session?: string;
        };
        snp?: Record<string, unknown>;
        tdx?: Record<string, unknown>;
      };
      machine?: {
        type?: string;
      };
      memory?: {
        guest?: number | string;
        hugepages?: {
          pageSize?: string;
        };
        maxGuest?: number | string;
        reservedOverhead?: {
          addedOverhead?: number | string;
          memLock?: 'NotRequired' | 'Required';
        };
      };
      rebootPolicy?: 'Reboot' | 'Terminate';
      resources?: {
        limits?: {
          [k: string]: number | string;
        };
        overcommitGuestOverhead?: boolean;
        requests?: {
          [k: string]: number | string;
        };
      };
    };
    evictionStrategy?: string;
    hostname?: string;
    livenessProbe?: {
      exec?: {
        command?: string[];
      };
      failureThreshold?: number;
      guestAgentPing?: Record<string, unknown>;
      httpGet?: {
        host?: string;
        httpHeaders?: {
          name: string;
          value: string;
        }[];
        path?: string;
        port: number | string;
        scheme?: string;
      };
      initialDelaySeconds?: number;
      periodSeconds?: number;
      successThreshold?: number;
      tcpSocket?: {
        host?: string;
        port: number | string;
      };
      timeoutSeconds?: number;
    };
    /**
     * @maxItems 256
     */
    networks?: {
      multus?: {
        default?: boolean;
        networkName: string;
      };
      name: string;
      pod?: {
        vmIPv6NetworkCIDR?: string;
        vmNetworkCIDR?: string;
      };
      resourceClaim?: {
        claimName?: string;
        requestName?: string;
      };
    }[];
    nodeSelector?: {
      [k: string]: string;
    };
    priorityClassName?: string;
    readinessProbe?: {
      exec?: {
        command?: string[];
      };
      failureThreshold?: number;
      guestAgentPing?: Record<string, unknown>;
      httpGet?: {
        host?: string;
        httpHeaders?: {
          name: string;
          value: string;
        }[];
        path?: string;
        port: number | string;
        scheme?: string;
      };
      initialDelaySeconds?: number;
      periodSeconds?: number;
      successThreshold?: number;
      tcpSocket?: {
        host?: string;
        port: number | string;
      };
      timeoutSeconds?: number;
    };
    resourceClaims?: {
      name: string;
      resourceClaimName?: string;
      resourceClaimTemplateName?: string;
    }[];
    schedulerName?: string;
    serviceAccountName?: string;
    startStrategy?: string;
    subdomain?: string;
    terminationGracePeriodSeconds?: number;
    tolerations?: {
      effect?: string;
      key?: string;
      operator?: string;
      tolerationSeconds?: number;
      value?: string;
    }[];
    topologySpreadConstraints?: {
      labelSelector?: {
        matchExpressions?: {
          key: string;
          operator: string;
          values?: string[];
        }[];
        matchLabels?: {
          [k: string]: string;
        };
      };
      matchLabelKeys?: string[];
      maxSkew: number;
      minDomains?: number;
      nodeAffinityPolicy?: string;
      nodeTaintsPolicy?: string;
      topologyKey: string;
      whenUnsatisfiable: string;
    }[];
    /**
     * @maxItems 256
     */
    utilityVolumes?: {
      claimName: string;
      name: string;
      readOnly?: boolean;
      type?: string;
    }[];
    /**
     * @maxItems 256
     */
    volumes?: {
      cloudInitConfigDrive?: {
        networkData?: string;
        networkDataBase64?: string;
        networkDataSecretRef?: {
          name?: string;
        };
        secretRef?: {
          name?: string;
        };
        userData?: string;
        userDataBase64?: string;
      };
      cloudInitNoCloud?: {
        networkData?: string;
        networkDataBase64?: string;
        networkDataSecretRef?: {
          name?: string;
        };
        secretRef?: {
          name?: string;
        };
        userData?: string;
        userDataBase64?: string;
      };
      configMap?: {
        name?: string;
        optional?: boolean;
        volumeLabel?: string;
      };
      containerDisk?: {
        image: string;
        imagePullPolicy?: string;
        imagePullSecret?: string;
        path?: string;
      };
      containerPath?: {
        path: string;
        readOnly?: boolean;
      };
      dataVolume?: {
        hotpluggable?: boolean;
        name: string;
      };
      downwardAPI?: {
        fields?: {
          fieldRef?: {
            apiVersion?: string;
            fieldPath: string;
          };
          mode?: number;
          path: string;
          resourceFieldRef?: {
            containerName?: string;
            divisor?: number | string;
            resource: string;
          };
        }[];
        volumeLabel?: string;
      };
      downwardMetrics?: Record<string, unknown>;
      emptyDisk?: {
        capacity: number | string;
      };
      ephemeral?: {
        persistentVolumeClaim?: {
          claimName: string;
          readOnly?: boolean;
        };
      };
      hostDisk?: {
        capacity?: number | string;
        path: string;
        shared?: boolean;
        type: string;
      };
      memoryDump?: {
        claimName: string;
        hotpluggable?: boolean;
        readOnly?: boolean;
      };
      name: string;
      persistentVolumeClaim?: {
        claimName: string;
        hotpluggable?: boolean;
        readOnly?: boolean;
      };
      secret?: {
        optional?: boolean;
        secretName?: string;
        volumeLabel?: string;
      };
      serviceAccount?: {
        serviceAccountName?: string;
      };
      sysprep?: {
        configMap?: {
          name?: string;
        };
        secret?: {
          name?: string;
        };
      };
    }[];
  };
  status?: {
    VSOCKCID?: number;
    activePods?: {
      [k: string]: string;
    };
    changedBlockTracking?: {
      backupStatus?: {
        backupMsg?: string;
        backupName?: string;
        checkpointName?: string;
        completed?: boolean;
        endTimestamp?: string;
        failed?: boolean;
        quiesceStatus?: string;
        startTimestamp?: string;
        volumes?: {
          dataEndpoint?: string;
          diskTarget: string;
          mapEndpoint?: string;
          volumeName: string;
        }[];
      } | null;
      state: string;
    } | null;
    conditions?: {
      lastProbeTime?: string | null;
      lastTransitionTime?: string | null;
      message?: string;
      reason?: string;
      status: string;
      type: string;
    }[];
    currentCPUTopology?: {
      cores?: number;
      sockets?: number;
      threads?: number;
    };
    evacuationNodeName?: string;
    fsFreezeStatus?: string;
    guestOSInfo?: {
      id?: string;
      kernelRelease?: string;
      kernelVersion?: string;
      machine?: string;
      name?: string;
      prettyName?: string;
      version?: string;
      versionId?: string;
    };
    interfaces?: {
      infoSource?: string;
      interfaceName?: string;
      ipAddress?: string;
      ipAddresses?: string[];
      linkState?: string;
      mac?: string;
      name?: string;
      podInterfaceName?: string;
      queueCount?: number;
    }[];
    kernelBootStatus?: {
      initrdInfo?: {
        checksum?: number;
      };
      kernelInfo?: {
        checksum?: number;
      };
    };
    launcherContainerImageVersion?: string;
    machine?: {
      type?: string;
    };
    memory?: {
      guestAtBoot?: number | string;
      guestCurrent?: number | string;
      guestRequested?: number | string;
      memoryOverhead?: number | string;
    };
    migratedVolumes?: {
      destinationPVCInfo?: {
        accessModes?: string[];
        capacity?: {
          [k: string]: number | string;
        };
        claimName?: string;
        filesystemOverhead?: string;
        preallocated?: boolean;
        requests?: {
          [k: string]: number | string;
        };
        volumeMode?: string;
      };
      sourcePVCInfo?: {
        accessModes?: string[];
        capacity?: {
          [k: string]: number | string;
        };
        claimName?: string;
        filesystemOverhead?: string;
        preallocated?: boolean;
        requests?: {
          [k: string]: number | string;
        };
        volumeMode?: string;
      };
      volumeName: string;
    }[];
    migrationMethod?: string;
    migrationState?: {
      abortRequested?: boolean;
      abortStatus?: string;
      completed?: boolean;
      endTimestamp?: string | null;
      failed?: boolean;
      failureReason?: string;
      migrationConfiguration?: {
        allowAutoConverge?: boolean;
        allowPostCopy?: boolean;
        allowWorkloadDisruption?: boolean;
        bandwidthPerMigration?: number | string;
        completionTimeoutPerGiB?: number;
        disableTLS?: boolean;
        experimental?: {
          compression?: 'none' | 'zstd';
          stallDetector?: {
            completionTimeoutFactor?: string;
            ewmaAlpha?: string;
            patienceWindowDecayFactor?: string;
            precopyPossibleFactor?: string;
            searchLocalMinima?: boolean;
            stallMargin?: number;
            stallProgressTimeout?: number;
            switchoverTimeout?: number;
          };
        };
        matchSELinuxLevelOnMigration?: boolean;
        maxDowntimeMs?: number;
        network?: string;
        nodeDrainTaintKey?: string;
        parallelMigrationsPerCluster?: number;
        parallelOutboundMigrationsPerNode?: number;
        progressTimeout?: number;
        unsafeMigrationOverride?: boolean;
        utilityVolumesTimeout?: number;
      };
      migrationNetworkType?: string;
      migrationPolicyName?: string;
      migrationUid?: string;
      mode?: string;
      sourceNode?: string;
      sourcePersistentStatePVCName?: string;
      sourcePod?: string;
      sourceState?: {
        domainName?: string;
        domainNamespace?: string;
        migrationUID?: string;
        node?: string;
        nodeSelectors?: {
          [k: string]: string;
        };
        persistentStatePVCName?: string;
        pod?: string;
        selinuxContext?: string;
        syncAddress?: string;
        virtualMachineInstanceUID?: string;
      };
      startTimestamp?: string | null;
      targetAttachmentPodUID?: string;
      targetCPUSet?: number[];
      targetDirectMigrationNodePorts?: {
        [k: string]: number;
      };
      targetMemoryOverhead?: number | string;
      targetNode?: string;
      targetNodeAddress?: string;
      targetNodeDomainDetected?: boolean;
      targetNodeDomainReadyTimestamp?: string;
      targetNodeTopology?: string;
      targetPersistentStatePVCName?: string;
      targetPod?: string;
      targetState?: {
        attachmentPodUID?: string;
        cpuSet?: number[];
        directMigrationNodePorts?: {
          [k: string]: number;
        };
        domainDetected?: boolean;
        domainName?: string;
        domainNamespace?: string;
        domainReadyTimestamp?: string;
        migrationUID?: string;
        node?: string;
        nodeAddress?: string;
        nodeTopology?: string;
        persistentStatePVCName?: string;
        pod?: string;
        selinuxContext?: string;
        syncAddress?: string;
        virtualMachineInstanceUID?: string;
      };
    };
    migrationTransport?: string;
    nodeName?: string;
    phase?: string;
    phaseTransitionTimestamps?: {
      phase?: string;
      phaseTransitionTimestamp?: string;
    }[];
    qosClass?: string;
    reason?: string;
    runtimeUser?: number;
    selinuxContext?: string;
    topologyHints?: {
      tscFrequency?: number;
    };
    virtualMachineRevisionName?: string;
    volumeStatus?: {
      containerDiskVolume?: {
        checksum?: number;
      };
      hotplugVolume?: {
        attachPodName?: string;
        attachPodUID?: string;
      };
      memoryDumpVolume?: {
        claimName?: string;
        endTimestamp?: string;
        startTimestamp?: string;
        targetFileName?: string;
      };
      message?: string;
      name: string;
      persistentVolumeClaimInfo?: {
        accessModes?: string[];
        capacity?: {
          [k: string]: number | string;
        };
        claimName?: string;
        filesystemOverhead?: string;
        preallocated?: boolean;
        requests?: {
          [k: string]: number | string;
        };
        volumeMode?: string;
      };
      phase?: string;
      reason?: string;
      size?: number;
      target: string;
    }[];
  };
}

export interface VirtualMachine {
  apiVersion?: string;
  kind?: string;
  metadata?: import('kubernetes-types/meta/v1.js').ObjectMeta;
  spec: {
    dataVolumeTemplates?: ({
      apiVersion?: string;
      kind?: string;
      metadata?: Record<string, unknown> | null;
      spec: {
        checkpoints?: {
          current: string;
          previous: string;
        }[];
        contentType?: 'kubevirt' | 'archive';
        finalCheckpoint?: boolean;
        preallocation?: boolean;
        priorityClassName?: string;
        pvc?: {
          accessModes?: string[];
          dataSource?: {
            apiGroup?: string;
            kind: string;
            name: string;
          };
          dataSourceRef?: {
            apiGroup?: string;
            kind: string;
            name: string;
            namespace?: string;
          };
          resources?: {
            limits?: {
              [k: string]: number | string;
            };
            requests?: {
              [k: string]: number | string;
            };
          };
          selector?: {
            matchExpressions?: {
              key: string;
              operator: string;
              values?: string[];
            }[];
            matchLabels?: {
              [k: string]: string;
            };
          };
          storageClassName?: string;
          volumeAttributesClassName?: string;
          volumeMode?: string;
          volumeName?: string;
        };
        source?: {
          blank?: Record<string, unknown>;
          gcs?: {
            secretRef?: string;
            url: string;
          };
          http?: {
            certConfigMap?: string;
            extraHeaders?: string[];
            secretExtraHeaders?: string[];
            secretRef?: string;
            url: string;
          };
          imageio?: {
            certConfigMap?: string;
            diskId: string;
            insecureSkipVerify?: boolean;
            secretRef?: string;
            url: string;
          };
          pvc?: {
            name: string;
            namespace: string;
          };
          registry?: {
            certConfigMap?: string;
            imageStream?: string;
            platform?: {
              architecture?: string;
            };
            pullMethod?: string;
            secretRef?: string;
            url?: string;
          };
          s3?: {
            certConfigMap?: string;
            secretRef?: string;
            url: string;
          };
          snapshot?: {
            name: string;
            namespace: string;
          };
          upload?: Record<string, unknown>;
          vddk?: {
            backingFile?: string;
            extraArgs?: string;
            initImageURL?: string;
            secretRef?: string;
            thumbprint?: string;
            url?: string;
            uuid?: string;
          };
        };
        sourceRef?: {
          kind: string;
          name: string;
          namespace?: string;
        };
        storage?: {
          accessModes?: string[];
          dataSource?: {
            apiGroup?: string;
            kind: string;
            name: string;
          };
          dataSourceRef?: {
            apiGroup?: string;
            kind: string;
            name: string;
            namespace?: string;
          };
          resources?: {
            limits?: {
              [k: string]: number | string;
            };
            requests?: {
              [k: string]: number | string;
            };
          };
          selector?: {
            matchExpressions?: {
              key: string;
              operator: string;
              values?: string[];
            }[];
            matchLabels?: {
              [k: string]: string;
            };
          };
          storageClassName?: string;
          volumeMode?: string;
          volumeName?: string;
        };
      };
      status?: Record<string, unknown> | null;
    } | null)[];
    instancetype?: {
      inferFromVolume?: string;
      inferFromVolumeFailurePolicy?: string;
      kind?: string;
      name?: string;
      revisionName?: string;
    };
    preference?: {
      inferFromVolume?: string;
      inferFromVolumeFailurePolicy?: string;
      kind?: string;
      name?: string;
      revisionName?: string;
    };
    runStrategy?: string;
    running?: boolean;
    template: {
      metadata?: Record<string, unknown> | null;
      spec?: {
        /**
         * @maxItems 256
         */
        accessCredentials?: {
          sshPublicKey?: {
            propagationMethod: {
              configDrive?: Record<string, unknown>;
              noCloud?: Record<string, unknown>;
              qemuGuestAgent?: {
                users: string[];
              };
            };
            source: {
              secret?: {
                secretName: string;
              };
            };
          };
          userPassword?: {
            propagationMethod: {
              qemuGuestAgent?: Record<string, unknown>;
            };
            source: {
              secret?: {
                secretName: string;
              };
            };
          };
        }[];
        affinity?: {
          nodeAffinity?: {
            preferredDuringSchedulingIgnoredDuringExecution?: {
              preference: {
                matchExpressions?: {
                  key: string;
                  operator: string;
                  values?: string[];
                }[];
                matchFields?: {
                  key: string;
                  operator: string;
                  values?: string[];
                }[];
              };
              weight: number;
            }[];
            requiredDuringSchedulingIgnoredDuringExecution?: {
              nodeSelectorTerms: {
                matchExpressions?: {
                  key: string;
                  operator: string;
                  values?: string[];
                }[];
                matchFields?: {
                  key: string;
                  operator: string;
                  values?: string[];
                }[];
              }[];
            };
          };
          podAffinity?: {
            preferredDuringSchedulingIgnoredDuringExecution?: {
              podAffinityTerm: {
                labelSelector?: {
                  matchExpressions?: {
                    key: string;
                    operator: string;
                    values?: string[];
                  }[];
                  matchLabels?: {
                    [k: string]: string;
                  };
                };
                matchLabelKeys?: string[];
                mismatchLabelKeys?: string[];
                namespaceSelector?: {
                  matchExpressions?: {
                    key: string;
                    operator: string;
                    values?: string[];
                  }[];
                  matchLabels?: {
                    [k: string]: string;
                  };
                };
                namespaces?: string[];
                topologyKey: string;
              };
              weight: number;
            }[];
            requiredDuringSchedulingIgnoredDuringExecution?: {
              labelSelector?: {
                matchExpressions?: {
                  key: string;
                  operator: string;
                  values?: string[];
                }[];
                matchLabels?: {
                  [k: string]: string;
                };
              };
              matchLabelKeys?: string[];
              mismatchLabelKeys?: string[];
              namespaceSelector?: {
                matchExpressions?: {
                  key: string;
                  operator: string;
                  values?: string[];
                }[];
                matchLabels?: {
                  [k: string]: string;
                };
              };
              namespaces?: string[];
              topologyKey: string;
            }[];
          };
          podAntiAffinity?: {
            preferredDuringSchedulingIgnoredDuringExecution?: {
              podAffinityTerm: {
                labelSelector?: {
                  matchExpressions?: {
                    key: string;
                    operator: string;
                    values?: string[];
                  }[];
                  matchLabels?: {
                    [k: string]: string;
                  };
                };
                matchLabelKeys?: string[];
                mismatchLabelKeys?: string[];
                namespaceSelector?: {
                  matchExpressions?: {
                    key: string;
                    operator: string;
                    values?: string[];
                  }[];
                  matchLabels?: {
                    [k: string]: string;
                  };
                };
                namespaces?: string[];
                topologyKey: string;
              };
              weight: number;
            }[];
            requiredDuringSchedulingIgnoredDuringExecution?: {
              labelSelector?: {
                matchExpressions?: {
                  key: string;
                  operator: string;
                  values?: string[];
                }[];
                matchLabels?: {
                  [k: string]: string;
                };
              };
              matchLabelKeys?: string[];
              mismatchLabelKeys?: string[];
              namespaceSelector?: {
                matchExpressions?: {
                  key: string;
                  operator: string;
                  values?: string[];
                }[];
                matchLabels?: {
                  [k: string]: string;
                };
              };
              namespaces?: string[];
              topologyKey: string;
            }[];
          };
        };
        architecture?: string;
        dnsConfig?: {
          nameservers?: string[];
          options?: {
            name?: string;
            value?: string;
          }[];
          searches?: string[];
        };
        dnsPolicy?: string;
        domain: {
          chassis?: {
            asset?: string;
            manufacturer?: string;
            serial?: string;
            sku?: string;
            version?: string;
          };
          clock?: {
            timer?: {
              hpet?: {
                present?: boolean;
                tickPolicy?: string;
              };
              hyperv?: {
                present?: boolean;
              };
              kvm?: {
                present?: boolean;
              };
              pit?: {
                present?: boolean;
                tickPolicy?: string;
              };
              rtc?: {
                present?: boolean;
                tickPolicy?: string;
                track?: string;
              };
            };
            timezone?: string;
            utc?: {
              offsetSeconds?: number;
            };
          };
          cpu?: {
            cores?: number;
            dedicatedCpuPlacement?: boolean;
            features?: {
              name: string;
              policy?: string;
            }[];
            isolateEmulatorThread?: boolean;
            maxSockets?: number;
            model?: string;
            numa?: {
              guestMappingPassthrough?: Record<string, unknown>;
            };
            realtime?: {
              mask?: string;
            };
            sockets?: number;
            threads?: number;
          };
          devices: {
            autoattachGraphicsDevice?: boolean;
            autoattachInputDevice?: boolean;
            autoattachMemBalloon?: boolean;
            autoattachPodInterface?: boolean;
            autoattachSerialConsole?: boolean;
            autoattachVSOCK?: boolean;
            blockMultiQueue?: boolean;
            clientPassthrough?: Record<string, unknown>;
            disableHotplug?: boolean;
            /**
             * @maxItems 256
             */
            disks?: {
              blockSize?: {
                custom?: {
                  discardGranularity?: number;
                  logical?: number;
                  physical?: number;
                };
                matchVolume?: {
                  enabled?: boolean;
                };
              };
              bootOrder?: number;
              cache?: string;
              cdrom?: {
                bus?: string;
                readonly?: boolean;
                tray?: string;
              };
              changedBlockTracking?: boolean;
              dedicatedIOThread?: boolean;
              disk?: {
                bus?: string;
                pciAddress?: string;
                readonly?: boolean;
              };
              errorPolicy?: string;
              io?: string;
              lun?: {
                bus?: string;
                readonly?: boolean;
                reservation?: boolean;
              };
              name: string;
              serial?: string;
              shareable?: boolean;
              tag?: string;
            }[];
            downwardMetrics?: Record<string, unknown>;
            filesystems?: {
              name: string;
              virtiofs: Record<string, unknown>;
            }[];
            gpus?: {
              claimName?: string;
              deviceName?: string;
              name: string;
              requestName?: string;
              tag?: string;
              virtualGPUOptions?: {
                display?: {
                  enabled?: boolean;
                  ramFB?: {
                    enabled?: boolean;
                  };
                };
              };
            }[];
            hostDevices?: {
              claimName?: string;
              deviceName?: string;
              name: string;
              requestName?: string;
              tag?: string;
            }[];
            inputs?: {
              bus?: string;
              name: string;
              type: string;
            }[];
            /**
             * @maxItems 256
             */
            interfaces?: {
              acpiIndex?: number;
              binding?: {
                name: string;
              };
              bootOrder?: number;
              bridge?: Record<string, unknown>;
              dhcpOptions?: {
                bootFileName?: string;
                ntpServers?: string[];
                privateOptions?: {
                  option: number;
                  value: string;
                }[];
                tftpServerName?: string;
              };
              macAddress?: string;
              macvtap?: Record<string, unknown>;
              masquerade?: Record<string, unknown>;
              model?: string;
              name: string;
              passt?: Record<string, unknown>;
              passtBinding?: Record<string, unknown>;
              pciAddress?: string;
              portRanges?: {
                end: number;
                protocol: string;
                start: number;
              }[];
              ports?: {
                name?: string;
                port: number;
                protocol?: string;
              }[];
              slirp?: Record<string, unknown>;
              sriov?: Record<string, unknown>;
              state?: string;
              tag?: string;
            }[];
            logSerialConsole?: boolean;
            networkInterfaceMultiqueue?: boolean;
            panicDevices?: {
              model?: string;
            }[];
            rng?: Record<string, unknown>;
            sound?: {
              model?: string;
              name: string;
            };
            tpm?: {
              enabled?: boolean;
              persistent?: boolean;
            };
            useVirtioTransitional?: boolean;
            video?: {
              type?: string;
            };
            watchdog?: {
              diag288?: {
                action?: string;
              };
              i6300esb?: {
                action?: string;
              };
              name: string;
            };
          };
          features?: {
            acpi?: {
              enabled?: boolean;
            };
            apic?: {
              enabled?: boolean;
              endOfInterrupt?: boolean;
            };
            hyperv?: {
              evmcs?: {
                enabled?: boolean;
              };
              frequencies?: {
                enabled?: boolean;
              };
              ipi?: {
                enabled?: boolean;
              };
              reenlightenment?: {
                enabled?: boolean;
              };
              relaxed?: {
                enabled?: boolean;
              };
              reset?: {
                enabled?: boolean;
              };
              runtime?: {
                enabled?: boolean;
              };
              spinlocks?: {
                enabled?: boolean;
                spinlocks?: number;
              };
              synic?: {
                enabled?: boolean;
              };
              synictimer?: {
                direct?: {
                  enabled?: boolean;
                };
                enabled?: boolean;
              };
              tlbflush?: {
                direct?: {
                  enabled?: boolean;
                };
                enabled?: boolean;
                extended?: {
                  enabled?: boolean;
                };
              };
              vapic?: {
                enabled?: boolean;
              };
              vendorid?: {
                enabled?: boolean;
                vendorid?: string;
              };
              vpindex?: {
                enabled?: boolean;
              };
            };
            hypervPassthrough?: {
              enabled?: boolean;
            };
            kvm?: {
              hidden?: boolean;
            };
            pvspinlock?: {
              enabled?: boolean;
            };
            smm?: {
              enabled?: boolean;
            };
          };
          firmware?: {
            acpi?: {
              msdmNameRef?: string;
              slicNameRef?: string;
            };
            bootloader?: {
              bios?: {
                useSerial?: boolean;
              };
              efi?: {
                persistent?: boolean;
                secureBoot?: boolean;
              };
            };
            kernelBoot?: {
              container?: {
                image: string;
                imagePullPolicy?: string;
                imagePullSecret?: string;
                initrdPath?: string;
                kernelPath?: string;
              };
              kernelArgs?: string;
            };
            serial?: string;
            uuid?: string;
          };
          ioThreads?: {
            supplementalPoolThreadCount?: number;
          };
          ioThreadsPolicy?: string;
          launchSecurity?: {
            sev?: {
              attestation?: Record<string, unknown>;
              dhCert?: string;
              policy?: {
                encryptedState?: boolean;
              };
              session?: string;
            };
            snp?: Record<string, unknown>;
            tdx?: Record<string, unknown>;
          };
          machine?: {
            type?: string;
          };
          memory?: {
            guest?: number | string;
            hugepages?: {
              pageSize?: string;
            };
            maxGuest?: number | string;
            reservedOverhead?: {
              addedOverhead?: number | string;
              memLock?: 'NotRequired' | 'Required';
            };
          };
          rebootPolicy?: 'Reboot' | 'Terminate';
          resources?: {
            limits?: {
              [k: string]: number | string;
            };
            overcommitGuestOverhead?: boolean;
            requests?: {
              [k: string]: number | string;
            };
          };
        };
        evictionStrategy?: string;
        hostname?: string;
        livenessProbe?: {
          exec?: {
            command?: string[];
          };
          failureThreshold?: number;
          guestAgentPing?: Record<string, unknown>;
          httpGet?: {
            host?: string;
            httpHeaders?: {
              name: string;
              value: string;
            }[];
            path?: string;
            port: number | string;
            scheme?: string;
          };
          initialDelaySeconds?: number;
          periodSeconds?: number;
          successThreshold?: number;
          tcpSocket?: {
            host?: string;
            port: number | string;
          };
          timeoutSeconds?: number;
        };
        /**
         * @maxItems 256
         */
        networks?: {
          multus?: {
            default?: boolean;
            networkName: string;
          };
          name: string;
          pod?: {
            vmIPv6NetworkCIDR?: string;
            vmNetworkCIDR?: string;
          };
          resourceClaim?: {
            claimName?: string;
            requestName?: string;
          };
        }[];
        nodeSelector?: {
          [k: string]: string;
        };
        priorityClassName?: string;
        readinessProbe?: {
          exec?: {
            command?: string[];
          };
          failureThreshold?: number;
          guestAgentPing?: Record<string, unknown>;
          httpGet?: {
            host?: string;
            httpHeaders?: {
              name: string;
              value: string;
            }[];
            path?: string;
            port: number | string;
            scheme?: string;
          };
          initialDelaySeconds?: number;
          periodSeconds?: number;
          successThreshold?: number;
          tcpSocket?: {
            host?: string;
            port: number | string;
          };
          timeoutSeconds?: number;
        };
        resourceClaims?: {
          name: string;
          resourceClaimName?: string;
          resourceClaimTemplateName?: string;
        }[];
        schedulerName?: string;
        serviceAccountName?: string;
        startStrategy?: string;
        subdomain?: string;
        terminationGracePeriodSeconds?: number;
        tolerations?: {
          effect?: string;
          key?: string;
          operator?: string;
          tolerationSeconds?: number;
          value?: string;
        }[];
        topologySpreadConstraints?: {
          labelSelector?: {
            matchExpressions?: {
              key: string;
              operator: string;
              values?: string[];
            }[];
            matchLabels?: {
              [k: string]: string;
            };
          };
          matchLabelKeys?: string[];
          maxSkew: number;
          minDomains?: number;
          nodeAffinityPolicy?: string;
          nodeTaintsPolicy?: string;
          topologyKey: string;
          whenUnsatisfiable: string;
        }[];
        /**
         * @maxItems 256
         */
        utilityVolumes?: {
          claimName: string;
          name: string;
          readOnly?: boolean;
          type?: string;
        }[];
        /**
         * @maxItems 256
         */
        volumes?: {
          cloudInitConfigDrive?: {
            networkData?: string;
            networkDataBase64?: string;
            networkDataSecretRef?: {
              name?: string;
            };
            secretRef?: {
              name?: string;
            };
            userData?: string;
            userDataBase64?: string;
          };
          cloudInitNoCloud?: {
            networkData?: string;
            networkDataBase64?: string;
            networkDataSecretRef?: {
              name?: string;
            };
            secretRef?: {
              name?: string;
            };
            userData?: string;
            userDataBase64?: string;
          };
          configMap?: {
            name?: string;
            optional?: boolean;
            volumeLabel?: string;
          };
          containerDisk?: {
            image: string;
            imagePullPolicy?: string;
            imagePullSecret?: string;
            path?: string;
          };
          containerPath?: {
            path: string;
            readOnly?: boolean;
          };
          dataVolume?: {
            hotpluggable?: boolean;
            name: string;
          };
          downwardAPI?: {
            fields?: {
              fieldRef?: {
                apiVersion?: string;
                fieldPath: string;
              };
              mode?: number;
              path: string;
              resourceFieldRef?: {
                containerName?: string;
                divisor?: number | string;
                resource: string;
              };
            }[];
            volumeLabel?: string;
          };
          downwardMetrics?: Record<string, unknown>;
          emptyDisk?: {
            capacity: number | string;
          };
          ephemeral?: {
            persistentVolumeClaim?: {
              claimName: string;
              readOnly?: boolean;
            };
          };
          hostDisk?: {
            capacity?: number | string;
            path: string;
            shared?: boolean;
            type: string;
          };
          memoryDump?: {
            claimName: string;
            hotpluggable?: boolean;
            readOnly?: boolean;
          };
          name: string;
          persistentVolumeClaim?: {
            claimName: string;
            hotpluggable?: boolean;
            readOnly?: boolean;
          };
          secret?: {
            optional?: boolean;
            secretName?: string;
            volumeLabel?: string;
          };
          serviceAccount?: {
            serviceAccountName?: string;
          };
          sysprep?: {
            configMap?: {
              name?: string;
            };
            secret?: {
              name?: string;
            };
          };
        }[];
      };
    };
    updateVolumesStrategy?: string;
  };
  status?: {
    changedBlockTracking?: {
      backupStatus?: {
        backupMsg?: string;
        backupName?: string;
        checkpointName?: string;
        completed?: boolean;
        endTimestamp?: string;
        failed?: boolean;
        quiesceStatus?: string;
        startTimestamp?: string;
        volumes?: {
          dataEndpoint?: string;
          diskTarget: string;
          mapEndpoint?: string;
          volumeName: string;
        }[];
      } | null;
      state: string;
    } | null;
    conditions?: {
      lastProbeTime?: string | null;
      lastTransitionTime?: string | null;
      message?: string;
      reason?: string;
      status: string;
      type: string;
    }[];
    created?: boolean;
    desiredGeneration?: number;
    instancetypeRef?: {
      controllerRevisionRef?: {
        name?: string;
      };
      inferFromVolume?: string;
      inferFromVolumeFailurePolicy?: string;
      kind?: string;
      name?: string;
    } | null;
    memoryDumpRequest?: {
      claimName: string;
      endTimestamp?: string;
      fileName?: string;
      message?: string;
      phase: string;
      remove?: boolean;
      startTimestamp?: string;
    } | null;
    observedGeneration?: number;
    preferenceRef?: {
      controllerRevisionRef?: {
        name?: string;
      };
      inferFromVolume?: string;
      inferFromVolumeFailurePolicy?: string;
      kind?: string;
      name?: string;
    } | null;
    printableStatus?: string;
    ready?: boolean;
    restoreInProgress?: string;
    runStrategy?: string;
    snapshotInProgress?: string;
    startFailure?: {
      consecutiveFailCount?: number;
      lastFailedVMIUID?: string;
      retryAfterTimestamp?: string;
    } | null;
    stateChangeRequests?: {
      action: string;
      data?: {
        [k: string]: string;
      };
      uid?: string;
    }[];
    volumeRequests?: {
      addVolumeOptions?: {
        disk: {
          blockSize?: {
            custom?: {
              discardGranularity?: number;
              logical?: number;
              physical?: number;
            };
            matchVolume?: {
              enabled?: boolean;
            };
          };
          bootOrder?: number;
          cache?: string;
          cdrom?: {
            bus?: string;
            readonly?: boolean;
            tray?: string;
          };
          changedBlockTracking?: boolean;
          dedicatedIOThread?: boolean;
          disk?: {
            bus?: string;
            pciAddress?: string;
            readonly?: boolean;
          };
          errorPolicy?: string;
          io?: string;
          lun?: {
            bus?: string;
            readonly?: boolean;
            reservation?: boolean;
          };
          name: string;
          serial?: string;
          shareable?: boolean;
          tag?: string;
        };
        dryRun?: string[];
        name: string;
        volumeSource: {
          dataVolume?: {
            hotpluggable?: boolean;
            name: string;
          };
          persistentVolumeClaim?: {
            claimName: string;
            hotpluggable?: boolean;
            readOnly?: boolean;
          };
        };
      };
      removeVolumeOptions?: {
        dryRun?: string[];
        name: string;
      };
    }[];
    volumeSnapshotStatuses?: {
      enabled: boolean;
      name: string;
      reason?: string;
    }[];
    volumeUpdateState?: {
      volumeMigrationState?: {
        migratedVolumes?: {
          destinationPVCInfo?: {
            accessModes?: string[];
            capacity?: {
              [k: string]: number | string;
            };
            claimName?: string;
            filesystemOverhead?: string;
            preallocated?: boolean;
            requests?: {
              [k: string]: number | string;
            };
            volumeMode?: string;
          };
          sourcePVCInfo?: {
            accessModes?: string[];
            capacity?: {
              [k: string]: number | string;
            };
            claimName?: string;
            filesystemOverhead?: string;
            preallocated?: boolean;
            requests?: {
              [k: string]: number | string;
            };
            volumeMode?: string;
          };
          volumeName: string;
        }[];
      };
    };
  };
}

export interface KubeVirt {
  apiVersion?: string;
  kind?: string;
  metadata?: import('kubernetes-types/meta/v1.js').ObjectMeta;
  spec: {
    certificateRotateStrategy?: {
      selfSigned?: {
        ca?: {
          duration?: string;
          renewBefore?: string;
        };
        caOverlapInterval?: string;
        caRotateInterval?: string;
        certRotateInterval?: string;
        server?: {
          duration?: string;
          renewBefore?: string;
        };
      };
    };
    configuration?: {
      additionalGuestMemoryOverheadRatio?: string;
      apiConfiguration?: {
        restClient?: {
          rateLimiter?: {
            tokenBucketRateLimiter?: {
              burst: number;
              qps: number;
            };
          };
        };
      };
      architectureConfiguration?: {
        amd64?: {
          emulatedMachines?: string[];
          machineType?: string;
          ovmfPath?: string;
        };
        arm64?: {
          emulatedMachines?: string[];
          machineType?: string;
          ovmfPath?: string;
        };
        defaultArchitecture?: string;
        ppc64le?: {
          emulatedMachines?: string[];
          machineType?: string;
          ovmfPath?: string;
        };
        s390x?: {
          emulatedMachines?: string[];
          machineType?: string;
          ovmfPath?: string;
        };
      };
      autoCPULimitNamespaceLabelSelector?: {
        matchExpressions?: {
          key: string;
          operator: string;
          values?: string[];
        }[];
        matchLabels?: {
          [k: string]: string;
        };
      };
      changedBlockTrackingLabelSelectors?: {
        namespaceLabelSelector?: {
          matchExpressions?: {
            key: string;
            operator: string;
            values?: string[];
          }[];
          matchLabels?: {
            [k: string]: string;
          };
        };
        virtualMachineLabelSelector?: {
          matchExpressions?: {
            key: string;
            operator: string;
            values?: string[];
          }[];
          matchLabels?: {
            [k: string]: string;
          };
        };
      } | null;
      commonInstancetypesDeployment?: {
        enabled?: boolean | null;
      } | null;
      confidentialCompute?: {
        tdx?: {
          attestation?: {
            enforced?: boolean;
            qgsSocketPath?: string;
          };
        } | null;
      } | null;
      controllerConfiguration?: {
        restClient?: {
          rateLimiter?: {
            tokenBucketRateLimiter?: {
              burst: number;
              qps: number;
            };
          };
        };
      };
      cpuModel?: string;
      cpuRequest?: number | string;
      defaultRuntimeClass?: string;
      developerConfiguration?: {
        clusterProfiler?: boolean;
        cpuAllocationRatio?: number;
        disabledFeatureGates?: string[];
        diskVerification?: {
          memoryLimit: number | string;
        };
        featureGates?: string[];
        logVerbosity?: {
          nodeVerbosity?: {
            [k: string]: number;
          };
          virtAPI?: number;
          virtController?: number;
          virtHandler?: number;
          virtLauncher?: number;
          virtOperator?: number;
          virtSynchronizationController?: number;
        };
        memoryOvercommit?: number;
        minimumClusterTSCFrequency?: number;
        minimumReservePVCBytes?: number;
        nodeSelectors?: {
          [k: string]: string;
        };
        pvcTolerateLessSpaceUpToPercent?: number;
        useEmulation?: boolean;
      };
      emulatedMachines?: string[];
      evictionStrategy?: string;
      handlerConfiguration?: {
        restClient?: {
          rateLimiter?: {
            tokenBucketRateLimiter?: {
              burst: number;
              qps: number;
            };
          };
        };
      };
      /**
       * @maxItems 1
       */
      hypervisors?:
        | []
        | [
            {
              name?: 'kvm' | 'hyperv-direct';
            },
          ];
      imagePullPolicy?: string;
      instancetype?: {
        referencePolicy?: ('reference' | 'expand' | 'expandAll') | null;
      } | null;
      ksmConfiguration?: {
        nodeLabelSelector?: {
          matchExpressions?: {
            key: string;
            operator: string;
            values?: string[];
          }[];
          matchLabels?: {
            [k: string]: string;
          };
        };
      };
      liveUpdateConfiguration?: {
        maxCpuSockets?: number;
        maxGuest?: number | string;
        maxHotplugRatio?: number;
      };
      machineType?: string;
      mediatedDevicesConfiguration?: {
        enabled?: boolean;
        mediatedDeviceTypes?: string[];
        mediatedDevicesTypes?: string[];
        nodeMediatedDeviceTypes?: {
          mediatedDeviceTypes?: string[];
          mediatedDevicesTypes?: string[];
          nodeSelector: {
            [k: string]: string;
          };
        }[];
      };
      memBalloonStatsPeriod?: number;
      migrations?: {
        allowAutoConverge?: boolean;
        allowPostCopy?: boolean;
        allowWorkloadDisruption?: boolean;
        bandwidthPerMigration?: number | string;
        completionTimeoutPerGiB?: number;
        disableTLS?: boolean;
        matchSELinuxLevelOnMigration?: boolean;
        maxDowntimeMs?: number;
        network?: string;
        nodeDrainTaintKey?: string;
        parallelMigrationsPerCluster?: number;
        parallelOutboundMigrationsPerNode?: number;
        progressTimeout?: number;
        unsafeMigrationOverride?: boolean;
        utilityVolumesTimeout?: number;
      };
      minCPUModel?: string;
      network?: {
        binding?: {
          [k: string]: {
            computeResourceOverhead?: {
              limits?: {
                [k: string]: number | string;
              };
              requests?: {
                [k: string]: number | string;
              };
            };
            domainAttachmentType?: string;
            downwardAPI?: string;
            migration?: {
              method?: string;
            };
            networkAttachmentDefinition?: string;
            sidecarImage?: string;
          };
        };
        defaultNetworkInterface?: string;
        permitBridgeInterfaceOnPodNetwork?: boolean;
        permitSlirpInterface?: boolean;
      };
      obsoleteCPUModels?: {
        [k: string]: boolean;
      };
      ovmfPath?: string;
      permittedHostDevices?: {
        mediatedDevices?: {
          externalResourceProvider?: boolean;
          mdevNameSelector: string;
          resourceName: string;
        }[];
        pciHostDevices?: {
          externalResourceProvider?: boolean;
          pciVendorSelector: string;
          resourceName: string;
        }[];
        usb?: {
          externalResourceProvider?: boolean;
          resourceName: string;
          selectors?: {
            product: string;
            vendor: string;
          }[];
        }[];
      };
      persistentReservationConfiguration?: {
        enabled?: boolean | null;
      } | null;
      roleAggregationStrategy?: 'AggregateToDefault' | 'Manual';
      seccompConfiguration?: {
        virtualMachineInstanceProfile?: {
          customProfile?: {
            localhostProfile?: string;
            runtimeDefaultProfile?: boolean;
          };
        };
      };
      selinuxLauncherType?: string;
      smbios?: {
        family?: string;
        manufacturer?: string;
        product?: string;
        sku?: string;
        version?: string;
      };
      supportContainerResources?: {
        resources: {
          limits?: {
            [k: string]: number | string;
          };
          requests?: {
            [k: string]: number | string;
          };
        };
        type: string;
      }[];
      supportedGuestAgentVersions?: string[];
      tlsConfiguration?: {
        ciphers?: string[];
        minTLSVersion?: 'VersionTLS10' | 'VersionTLS11' | 'VersionTLS12' | 'VersionTLS13';
      };
      virtTemplateDeployment?: {
        enabled?: boolean | null;
      } | null;
      virtualMachineInstancesPerNode?: number;
      virtualMachineOptions?: {
        disableFreePageReporting?: Record<string, unknown>;
        disableSerialConsoleLog?: Record<string, unknown>;
      };
      vmRolloutStrategy?: ('Stage' | 'LiveUpdate') | null;
      vmStateStorageClass?: string;
      webhookConfiguration?: {
        restClient?: {
          rateLimiter?: {
            tokenBucketRateLimiter?: {
              burst: number;
              qps: number;
            };
          };
        };
      };
    };
    customizeComponents?: {
      flags?: {
        api?: {
          [k: string]: string;
        };
        controller?: {
          [k: string]: string;
        };
        handler?: {
          [k: string]: string;
        };
      };
      patches?: {
        patch: string;
        resourceName: string;
        resourceType: string;
        type: string;
      }[];
    };
    imagePullPolicy?: string;
    imagePullSecrets?: {
      name?: string;
    }[];
    imageRegistry?: string;
    imageTag?: string;
    infra?: {
      nodePlacement?: {
        affinity?: {
          nodeAffinity?: {
            preferredDuringSchedulingIgnoredDuringExecution?: {
              preference: {
                matchExpressions?: {
                  key: string;
                  operator: string;
                  values?: string[];
                }[];
                matchFields?: {
                  key: string;
                  operator: string;
                  values?: string[];
                }[];
              };
              weight: number;
            }[];
            requiredDuringSchedulingIgnoredDuringExecution?: {
              nodeSelectorTerms: {
                matchExpressions?: {
                  key: string;
                  operator: string;
                  values?: string[];
                }[];
                matchFields?: {
                  key: string;
                  operator: string;
                  values?: string[];
                }[];
              }[];
            };
          };
          podAffinity?: {
            preferredDuringSchedulingIgnoredDuringExecution?: {
              podAffinityTerm: {
                labelSelector?: {
                  matchExpressions?: {
                    key: string;
                    operator: string;
                    values?: string[];
                  }[];
                  matchLabels?: {
                    [k: string]: string;
                  };
                };
                matchLabelKeys?: string[];
                mismatchLabelKeys?: string[];
                namespaceSelector?: {
                  matchExpressions?: {
                    key: string;
                    operator: string;
                    values?: string[];
                  }[];
                  matchLabels?: {
                    [k: string]: string;
                  };
                };
                namespaces?: string[];
                topologyKey: string;
              };
              weight: number;
            }[];
            requiredDuringSchedulingIgnoredDuringExecution?: {
              labelSelector?: {
                matchExpressions?: {
                  key: string;
                  operator: string;
                  values?: string[];
                }[];
                matchLabels?: {
                  [k: string]: string;
                };
              };
              matchLabelKeys?: string[];
              mismatchLabelKeys?: string[];
              namespaceSelector?: {
                matchExpressions?: {
                  key: string;
                  operator: string;
                  values?: string[];
                }[];
                matchLabels?: {
                  [k: string]: string;
                };
              };
              namespaces?: string[];
              topologyKey: string;
            }[];
          };
          podAntiAffinity?: {
            preferredDuringSchedulingIgnoredDuringExecution?: {
              podAffinityTerm: {
                labelSelector?: {
                  matchExpressions?: {
                    key: string;
                    operator: string;
                    values?: string[];
                  }[];
                  matchLabels?: {
                    [k: string]: string;
                  };
                };
                matchLabelKeys?: string[];
                mismatchLabelKeys?: string[];
                namespaceSelector?: {
                  matchExpressions?: {
                    key: string;
                    operator: string;
                    values?: string[];
                  }[];
                  matchLabels?: {
                    [k: string]: string;
                  };
                };
                namespaces?: string[];
                topologyKey: string;
              };
              weight: number;
            }[];
            requiredDuringSchedulingIgnoredDuringExecution?: {
              labelSelector?: {
                matchExpressions?: {
                  key: string;
                  operator: string;
                  values?: string[];
                }[];
                matchLabels?: {
                  [k: string]: string;
                };
              };
              matchLabelKeys?: string[];
              mismatchLabelKeys?: string[];
              namespaceSelector?: {
                matchExpressions?: {
                  key: string;
                  operator: string;
                  values?: string[];
                }[];
                matchLabels?: {
                  [k: string]: string;
                };
              };
              namespaces?: string[];
              topologyKey: string;
            }[];
          };
        };
        nodeSelector?: {
          [k: string]: string;
        };
        tolerations?: {
          effect?: string;
          key?: string;
          operator?: string;
          tolerationSeconds?: number;
          value?: string;
        }[];
      };
      replicas?: number;
    };
    monitorAccount?: string;
    monitorNamespace?: string;
    productComponent?: string;
    productName?: string;
    productVersion?: string;
    serviceMonitorNamespace?: string;
    synchronizationPort?: string;
    uninstallStrategy?: string;
    workloadUpdateStrategy?: {
      batchEvictionInterval?: string;
      batchEvictionSize?: number;
      workloadUpdateMethods?: string[];
    };
    workloads?: {
      nodePlacement?: {
        affinity?: {
          nodeAffinity?: {
            preferredDuringSchedulingIgnoredDuringExecution?: {
              preference: {
                matchExpressions?: {
                  key: string;
                  operator: string;
                  values?: string[];
                }[];
                matchFields?: {
                  key: string;
                  operator: string;
                  values?: string[];
                }[];
              };
              weight: number;
            }[];
            requiredDuringSchedulingIgnoredDuringExecution?: {
              nodeSelectorTerms: {
                matchExpressions?: {
                  key: string;
                  operator: string;
                  values?: string[];
                }[];
                matchFields?: {
                  key: string;
                  operator: string;
                  values?: string[];
                }[];
              }[];
            };
          };
          podAffinity?: {
            preferredDuringSchedulingIgnoredDuringExecution?: {
              podAffinityTerm: {
                labelSelector?: {
                  matchExpressions?: {
                    key: string;
                    operator: string;
                    values?: string[];
                  }[];
                  matchLabels?: {
                    [k: string]: string;
                  };
                };
                matchLabelKeys?: string[];
                mismatchLabelKeys?: string[];
                namespaceSelector?: {
                  matchExpressions?: {
                    key: string;
                    operator: string;
                    values?: string[];
                  }[];
                  matchLabels?: {
                    [k: string]: string;
                  };
                };
                namespaces?: string[];
                topologyKey: string;
              };
              weight: number;
            }[];
            requiredDuringSchedulingIgnoredDuringExecution?: {
              labelSelector?: {
                matchExpressions?: {
                  key: string;
                  operator: string;
                  values?: string[];
                }[];
                matchLabels?: {
                  [k: string]: string;
                };
              };
              matchLabelKeys?: string[];
              mismatchLabelKeys?: string[];
              namespaceSelector?: {
                matchExpressions?: {
                  key: string;
                  operator: string;
                  values?: string[];
                }[];
                matchLabels?: {
                  [k: string]: string;
                };
              };
              namespaces?: string[];
              topologyKey: string;
            }[];
          };
          podAntiAffinity?: {
            preferredDuringSchedulingIgnoredDuringExecution?: {
              podAffinityTerm: {
                labelSelector?: {
                  matchExpressions?: {
                    key: string;
                    operator: string;
                    values?: string[];
                  }[];
                  matchLabels?: {
                    [k: string]: string;
                  };
                };
                matchLabelKeys?: string[];
                mismatchLabelKeys?: string[];
                namespaceSelector?: {
                  matchExpressions?: {
                    key: string;
                    operator: string;
                    values?: string[];
                  }[];
                  matchLabels?: {
                    [k: string]: string;
                  };
                };
                namespaces?: string[];
                topologyKey: string;
              };
              weight: number;
            }[];
            requiredDuringSchedulingIgnoredDuringExecution?: {
              labelSelector?: {
                matchExpressions?: {
                  key: string;
                  operator: string;
                  values?: string[];
                }[];
                matchLabels?: {
                  [k: string]: string;
                };
              };
              matchLabelKeys?: string[];
              mismatchLabelKeys?: string[];
              namespaceSelector?: {
                matchExpressions?: {
                  key: string;
                  operator: string;
                  values?: string[];
                }[];
                matchLabels?: {
                  [k: string]: string;
                };
              };
              namespaces?: string[];
              topologyKey: string;
            }[];
          };
        };
        nodeSelector?: {
          [k: string]: string;
        };
        tolerations?: {
          effect?: string;
          key?: string;
          operator?: string;
          tolerationSeconds?: number;
          value?: string;
        }[];
      };
      replicas?: number;
    };
  };
  status?: {
    conditions?: {
      lastProbeTime?: string | null;
      lastTransitionTime?: string | null;
      message?: string;
      reason?: string;
      status: string;
      type: string;
    }[];
    defaultArchitecture?: string;
    generations?: {
      group: string;
      hash?: string;
      lastGeneration: number;
      name: string;
      namespace?: string;
      resource: string;
    }[];
    observedDeploymentConfig?: string;
    observedDeploymentID?: string;
    observedGeneration?: number;
    observedKubeVirtRegistry?: string;
    observedKubeVirtVersion?: string;
    operatorVersion?: string;
    outdatedVirtualMachineInstanceWorkloads?: number;
    phase?: string;
    synchronizationAddresses?: string[];
    targetDeploymentConfig?: string;
    targetDeploymentID?: string;
    targetKubeVirtRegistry?: string;
    targetKubeVirtVersion?: string;
  };
}

export interface VirtualMachineInstancetype {
  apiVersion?: string;
  kind?: string;
  metadata?: import('kubernetes-types/meta/v1.js').ObjectMeta;
  spec: {
    annotations?: {
      [k: string]: string;
    };
    cpu: {
      dedicatedCPUPlacement?: boolean;
      guest: number;
      isolateEmulatorThread?: boolean;
      maxSockets?: number;
      model?: string;
      numa?: {
        guestMappingPassthrough?: Record<string, unknown>;
      };
      realtime?: {
        mask?: string;
      };
    };
    gpus?: {
      claimName?: string;
      deviceName?: string;
      name: string;
      requestName?: string;
      tag?: string;
      virtualGPUOptions?: {
        display?: {
          enabled?: boolean;
          ramFB?: {
            enabled?: boolean;
          };
        };
      };
    }[];
    hostDevices?: {
      claimName?: string;
      deviceName?: string;
      name: string;
      requestName?: string;
      tag?: string;
    }[];
    ioThreads?: {
      supplementalPoolThreadCount?: number;
    };
    ioThreadsPolicy?: string;
    launchSecurity?: {
      sev?: {
        attestation?: Record<string, unknown>;
        dhCert?: string;
        policy?: {
          encryptedState?: boolean;
        };
        session?: string;
      };
      snp?: Record<string, unknown>;
      tdx?: Record<string, unknown>;
    };
    memory: {
      guest: number | string;
      hugepages?: {
        pageSize?: string;
      };
      maxGuest?: number | string;
      overcommitPercent?: number;
    };
    nodeSelector?: {
      [k: string]: string;
    };
    schedulerName?: string;
  };
}

export interface VirtualMachinePreference {
  apiVersion?: string;
  kind?: string;
  metadata?: import('kubernetes-types/meta/v1.js').ObjectMeta;
  spec: {
    annotations?: {
      [k: string]: string;
    };
    clock?: {
      preferredClockOffset?: {
        timezone?: string;
        utc?: {
          offsetSeconds?: number;
        };
      };
      preferredTimer?: {
        hpet?: {
          present?: boolean;
          tickPolicy?: string;
        };
        hyperv?: {
          present?: boolean;
        };
        kvm?: {
          present?: boolean;
        };
        pit?: {
          present?: boolean;
          tickPolicy?: string;
        };
        rtc?: {
          present?: boolean;
          tickPolicy?: string;
          track?: string;
        };
      };
    };
    cpu?: {
      preferredCPUFeatures?: {
        name: string;
        policy?: string;
      }[];
      preferredCPUTopology?: string;
      spreadOptions?: {
        across?: string;
        ratio?: number;
      };
    };
    devices?: {
      preferredAutoattachGraphicsDevice?: boolean;
      preferredAutoattachInputDevice?: boolean;
      preferredAutoattachMemBalloon?: boolean;
      preferredAutoattachPodInterface?: boolean;
      preferredAutoattachSerialConsole?: boolean;
      preferredBlockMultiQueue?: boolean;
      preferredCdromBus?: string;
      preferredDisableHotplug?: boolean;
      preferredDiskBlockSize?: {
        custom?: {
          discardGranularity?: number;
          logical?: number;
          physical?: number;
        };
        matchVolume?: {
          enabled?: boolean;
        };
      };
      preferredDiskBus?: string;
      preferredDiskCache?: string;
      preferredDiskDedicatedIoThread?: boolean;
      preferredDiskIO?: string;
      preferredInputBus?: string;
      preferredInputType?: string;
      preferredInterfaceMasquerade?: Record<string, unknown>;
      preferredInterfaceModel?: string;
      preferredLunBus?: string;
      preferredNetworkInterfaceMultiQueue?: boolean;
      preferredPanicDeviceModel?: string;
      preferredRng?: Record<string, unknown>;
      preferredSoundModel?: string;
      preferredTPM?: {
        enabled?: boolean;
        persistent?: boolean;
      };
      preferredUseVirtioTransitional?: boolean;
      preferredVideoType?: string;
      preferredVirtualGPUOptions?: {
        display?: {
          enabled?: boolean;
          ramFB?: {
            enabled?: boolean;
          };
        };
      };
    };
    features?: {
      preferredAcpi?: {
        enabled?: boolean;
      };
      preferredApic?: {
        enabled?: boolean;
        endOfInterrupt?: boolean;
      };
      preferredHyperv?: {
        evmcs?: {
          enabled?: boolean;
        };
        frequencies?: {
          enabled?: boolean;
        };
        ipi?: {
          enabled?: boolean;
        };
        reenlightenment?: {
          enabled?: boolean;
        };
        relaxed?: {
          enabled?: boolean;
        };
        reset?: {
          enabled?: boolean;
        };
        runtime?: {
          enabled?: boolean;
        };
        spinlocks?: {
          enabled?: boolean;
          spinlocks?: number;
        };
        synic?: {
          enabled?: boolean;
        };
        synictimer?: {
          direct?: {
            enabled?: boolean;
          };
          enabled?: boolean;
        };
        tlbflush?: {
          direct?: {
            enabled?: boolean;
          };
          enabled?: boolean;
          extended?: {
            enabled?: boolean;
          };
        };
        vapic?: {
          enabled?: boolean;
        };
        vendorid?: {
          enabled?: boolean;
          vendorid?: string;
        };
        vpindex?: {
          enabled?: boolean;
        };
      };
      preferredKvm?: {
        hidden?: boolean;
      };
      preferredPvspinlock?: {
        enabled?: boolean;
      };
      preferredSmm?: {
        enabled?: boolean;
      };
    };
    firmware?: {
      preferredEfi?: {
        persistent?: boolean;
        secureBoot?: boolean;
      };
      preferredUseBios?: boolean;
      preferredUseBiosSerial?: boolean;
      preferredUseEfi?: boolean;
      preferredUseSecureBoot?: boolean;
    };
    machine?: {
      preferredMachineType?: string;
    };
    preferSpreadSocketToCoreRatio?: number;
    preferredArchitecture?: string;
    preferredLaunchSecurity?: {
      sev?: {
        attestation?: Record<string, unknown>;
        dhCert?: string;
        policy?: {
          encryptedState?: boolean;
        };
        session?: string;
      };
      snp?: Record<string, unknown>;
      tdx?: Record<string, unknown>;
    };
    preferredSubdomain?: string;
    preferredTerminationGracePeriodSeconds?: number;
    requirements?: {
      architecture?: string;
      cpu?: {
        guest: number;
      };
      memory?: {
        guest: number | string;
      };
    };
    volumes?: {
      preferredStorageClassName?: string;
    };
  };
}
