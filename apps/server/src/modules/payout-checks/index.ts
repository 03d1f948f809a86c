// The checks before money leaves to a CLABE, shared by single SPEI outs and dispersions: maker-checker and the account holder.
export { approvalPolicy, approvalPolicyRead, needsApproval, saveApprovalPolicy, assertChecker, type ApprovalPolicy } from './policy';
export { lookupAccountHolder, knownClabes, knownClabesRead, rememberClabes, rememberWrite, checkPayee, type AccountHolder, type CheckedClabe } from './holder';
