/**
 * Server-side conversions (decisions D30, D31): the Settings card with the Meta and GA4 settings,
 * the consent switch and "Send test event", and the delivery log. It imports no other feature.
 */
export { ConversionDeliveriesSection } from './components/conversion-deliveries-section'
export { ConversionsApiSection } from './components/conversions-api-section'
