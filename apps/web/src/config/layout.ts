/** Layout constants of the spec (section 9). */
export const sidebarWidth = 240
