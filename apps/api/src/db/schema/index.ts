// The whole schema, for drizzle-kit (migrations) and the relational client (`db.query.*`) only.
// Each table is defined by the module that owns it (docs/decisions/0028): code reads its own
// module's `<module>-tables.ts`, never this file.
export * from '../../mail/mail-tables.js'
export * from '../../modules/auth/auth-tables.js'
export * from '../../modules/conversions/conversions-tables.js'
export * from '../../modules/experiments/experiments-tables.js'
export * from '../../modules/leads/leads-tables.js'
export * from '../../modules/offers/offers-tables.js'
export * from '../../modules/orders/orders-tables.js'
export * from '../../modules/payments/payments-tables.js'
export * from '../../modules/post-purchase/post-purchase-tables.js'
export * from '../../modules/reports/reports-tables.js'
export * from '../../modules/sellers/sellers-tables.js'
export * from '../../modules/settings/settings-tables.js'
export * from '../../modules/webhooks/webhooks-tables.js'
