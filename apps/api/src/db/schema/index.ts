export * from './funnel.js'
export * from './offers.js'
export * from './sellers.js'
export * from './settings.js'
