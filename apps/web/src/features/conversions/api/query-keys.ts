export const conversionKeys = {
  all: ['conversions'] as const,
  settings: () => [...conversionKeys.all, 'settings'] as const,
  deliveries: () => [...conversionKeys.all, 'deliveries'] as const,
  deliveryPage: (page: number) => [...conversionKeys.deliveries(), page] as const,
}
