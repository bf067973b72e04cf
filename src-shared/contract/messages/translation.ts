// Runs in: any process. Server messages: sentence translation through the learner's providers.
export const translationMessages = {
  'translation.noProvider': 'No translation service is set: add LibreTranslate, DeepL or an OpenAI-compatible server in Settings, or use the Translate link',
  'translation.unreachable': '{provider} is not reachable at {url}: check that it is running and its address in Settings',
  'translation.keyRefused': '{provider} refused the API key: check the key in Settings',
  'translation.quota': '{provider} says its quota is used up: wait, or add another service in Settings',
  'translation.timeout': '{provider} did not answer within {seconds} s; try again',
  'translation.badAnswer': '{provider} answered with something that is not a translation (HTTP {status})',
  'translation.needsUrl': '{provider} needs its address in Settings',
  'translation.needsKey': '{provider} needs an API key in Settings',
  'translation.needsModel': 'The OpenAI-compatible service needs a model name in Settings',
  'translation.blocked': 'The address {url} points at a private or local address, which a shared server does not reach for its users',
} as const;
