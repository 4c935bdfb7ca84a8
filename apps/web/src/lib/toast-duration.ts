/** Decision D3: the product's own toasts hide after 3000 ms (dashboard and funnel pages alike). */
export const productToastDuration = 3000
