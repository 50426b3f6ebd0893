import Foundation

// The SDK's error domains and codes as public constants, in the spellings OneWelcome's
// change-PIN guide uses (docs/onewelcome.md, "Errors"): an app compares
// `error.domain == ONGPinValidationErrorDomain`, `error.code == GenericErrorUserDeregistered`
// as it does against the vendor's SDK. The values are docs/onewelcome.md's table; the
// guide spells some domains with the `ONG` prefix and some without, and both name the same one.

public let ONGGenericErrorDomain = "ONGGenericErrorDomain"
public let GenericErrorDomain = ONGGenericErrorDomain
public let ONGChangePinErrorDomain = "ONGChangePinErrorDomain"
public let ChangePinErrorDomain = ONGChangePinErrorDomain
public let ONGPinAuthenticationErrorDomain = "ONGPinAuthenticationErrorDomain"
public let PinAuthenticationErrorDomain = ONGPinAuthenticationErrorDomain
public let ONGPinValidationErrorDomain = "ONGPinValidationErrorDomain"
public let PinValidationErrorDomain = ONGPinValidationErrorDomain

// ONGGenericErrorDomain
public let ONGGenericErrorNetworkConnectivityFailure = 9000
public let ONGGenericErrorServerNotReachable = 9001
public let ONGGenericErrorDeviceDeregistered = 9002
public let ONGGenericErrorUserDeregistered = 9003
public let GenericErrorUserDeregistered = ONGGenericErrorUserDeregistered
public let ONGGenericErrorActionCancelled = 9006
public let ONGGenericErrorActionAlreadyInProgress = 9007
// ONGPinAuthenticationErrorDomain
public let ONGPinAuthenticationErrorInvalidPin = 9009
public let PinAuthenticationErrorInvalidPin = ONGPinAuthenticationErrorInvalidPin
// ONGChangePinErrorDomain
public let ONGChangePinErrorUserNotAuthenticated = 9010
public let ONGChangePinErrorStatelessUser = 9033
// ONGPinValidationErrorDomain
public let ONGPinValidationErrorPinBlackListed = 9011
public let ONGPinValidationErrorPinShouldNotBeASequence = 9012
public let ONGPinValidationErrorPinShouldNotUseSimilarDigits = 9013
public let ONGPinValidationErrorWrongPinLength = 9014
