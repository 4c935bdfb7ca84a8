/**
 * The CRM webhook feature's public entry (issue 14: one home per concept): its Settings card
 * (address, key names, signing secret, 'Send test') and its delivery log. It imports no other
 * feature: the page showing the card passes in the store settings and how to save them.
 */
export { WebhookDeliveriesSection } from './components/webhook-deliveries-section'
export { WebhookSection } from './components/webhook-section'
