/**
 * The CRM webhook feature's public entry (issue 14: one home per concept): its Settings card
 * (address, key names, signing secret, 'Send test') and its delivery log.
 */
export { WebhookDeliveriesSection } from './components/webhook-deliveries-section'
export { WebhookSection } from './components/webhook-section'
