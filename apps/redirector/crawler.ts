/**
 * Link-preview crawlers of social networks and chat apps. They get a page with the link's own Open Graph tags
 * (search engines and every other client get the 302). Bot flagging of clicks is the worker's job.
 */
const SOCIAL_CRAWLER =
  /facebookexternalhit|facebot|twitterbot|linkedinbot|slackbot|whatsapp|telegrambot|discordbot|pinterest|redditbot|embedly|skypeuripreview|vkshare|iframely|mastodon/i;

export function isSocialCrawler(userAgent: string | undefined): boolean {
  return userAgent !== undefined && userAgent.length > 0 && SOCIAL_CRAWLER.test(userAgent);
}
