/** The commented template `gas-harness profile init` prints: every key of a target profile, explained. */

export function renderProfileTemplate(target = 'https://staging.example.com'): string {
  return `# gas-harness target profile: everything the harness needs to judge one deployment.
# Use it with: gas-harness conform --profile this-file.yaml (also scenarios run, contracts verify, fuzz).
# Check it with: gas-harness profile check this-file.yaml
# Every key but target is optional; a missing one leaves the rules that need it skipped, and
# \`profile check\` lists them. Secrets are each { env: NAME }, { command: "..." } (its output) or
# { value: "..." }; prefer env or command, so no secret is written here.

target: ${target}
# timeoutSeconds: 10                 # each request's time limit (--timeout wins)

credentials:
  token: { env: GAS_TOKEN }          # a bearer token with every permission
  tokenWithoutPermission: { env: GAS_TOKEN_NO_SCOPES }   # a valid token without the operations' permissions: the 403 rules
  expiredToken: { env: GAS_EXPIRED_TOKEN }               # a token that has expired: the 401-on-expiry rules
  apiKey: { env: GAS_API_KEY }       # the order counter's key (Authorization: <API_KEY>)
  bound:                             # tokens bound to one resource, keyed by the path parameter they bind
    dealerId:                        # the same dealer as fixtures.dealerId
      id: "<dealer id>"
      token: { env: GAS_DEALER_TOKEN }
      otherToken: { env: GAS_OTHER_DEALER_TOKEN }        # bound to another dealer: "as another dealer" is 403
    merchantId:                      # the same merchant as fixtures.merchantId
      id: "<merchant id>"
      token: { env: GAS_MERCHANT_TOKEN }
      otherToken: { env: GAS_OTHER_MERCHANT_TOKEN }
    consumerId:                      # a consumer the run may add addresses to
      id: "<consumer id>"
      token: { env: GAS_CONSUMER_TOKEN }
      otherToken: { env: GAS_OTHER_CONSUMER_TOKEN }
    userId:                          # a dealer user the run may upsert and register devices for (the token's subject)
      id: "<user id>"
      token: { env: GAS_USER_TOKEN }
      otherToken: { env: GAS_OTHER_USER_TOKEN }

fixtures:                            # records that exist and that the API cannot create, named after the spec's path parameters
  merchantId: "<merchant id>"
  merchantProviderId: "<provider id>"          # a provider of that merchant; the run renames it
  otherMerchantProviderId: "<provider id>"     # another provider of that merchant; the run renames it (the 409 rules)
  dealerId: "<dealer id>"
  coverageAreaId: "<coverage area id>"         # an area of that dealer the run may rename
  deletableCoverageAreaIds: ["<area id 1>", "<area id 2>", "<area id 3>", "<area id 4>", "<area id 5>"]
                                               # areas of that dealer the run may delete, each at most once (about 4 a run):
                                               # list fresh ones when they run out (the run skips, naming this key)
  categoryId: "<category id>"                  # the run renames it
  productId: "<product id>"                    # its category is renamed by the run, and read back

# statesUrl: https://staging.example.com/pact/provider-states   # optional: a Pact provider-states endpoint; when given,
#                                                                # every provider state goes there instead of the fixtures
`;
}
